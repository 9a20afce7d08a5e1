import { setTimeout as delay } from "node:timers/promises";
import { clientAddress } from "@/lib/client-address";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { isStopping } from "@/lib/shutdown-state";
import { getServiceClient } from "@/lib/service/app-client";
import { appServiceConfig } from "@/lib/service/app-config";
import { handleWebhookRequest } from "@/lib/webhooks/handle-request";
import { REFUSAL_HOLD_MS } from "@/lib/webhooks/limits";
import { queueWebhookProcessing, whileAnswering } from "@/lib/webhooks/processing-queue";

export const dynamic = "force-dynamic";

/** The payment service's webhooks: public, authenticated by the body's `sign` alone. */
export async function POST(request: Request) {
  // Shutting down: the service delivers it again later, to this instance restarted or another.
  if (isStopping()) {
    return Response.json(
      { message: "Paydesk is restarting. Send it again shortly." },
      { status: 503, headers: { "retry-after": "5", connection: "close" } },
    );
  }
  const response = await whileAnswering(async () => {
    const config = appServiceConfig();
    return handleWebhookRequest(request, {
      db: await getDb(),
      client: getServiceClient(),
      invoiceKey: config.invoiceKey,
      previousInvoiceKey: config.previousInvoiceKey,
      clientAddress: clientAddress(request.headers, serverEnv().TRUST_PROXY),
      afterResponse: (task) => queueWebhookProcessing(task),
    });
  });
  // Held outside whileAnswering, so that a refused sender does not hold back processing.
  if (response.status === 429) await delay(REFUSAL_HOLD_MS);
  return response;
}
