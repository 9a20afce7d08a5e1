import { after } from "next/server";
import { getDb } from "@/lib/db/client";
import { getServiceClient } from "@/lib/service/app-client";
import { appServiceConfig } from "@/lib/service/app-config";
import { handleWebhookRequest } from "@/lib/webhooks/handle-request";

export const dynamic = "force-dynamic";

/** The payment service's webhooks: public, authenticated by the body's `sign` alone. */
export async function POST(request: Request) {
  return handleWebhookRequest(request, {
    db: await getDb(),
    client: getServiceClient(),
    invoiceKey: appServiceConfig().invoiceKey,
    afterResponse: (task) => after(task),
  });
}
