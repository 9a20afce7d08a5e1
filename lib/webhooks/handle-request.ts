import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import type { WebhookHandlers } from "./handler-types";
import { processWebhookEvent } from "./process-event";
import { readBodyWithLimit } from "./read-body";
import { receiveWebhook } from "./receive";

export interface WebhookRequestDeps {
  db: Db;
  client: ServiceClient;
  invoiceKey: string;
  /** Runs work after the response is sent (Next's `after`; tests collect the promise). */
  afterResponse: (task: () => Promise<unknown>) => void;
  handlers?: WebhookHandlers;
  maxBodyBytes?: number;
}

/** POST /api/webhooks/payments, as a plain Request -> Response function. */
export async function handleWebhookRequest(request: Request, deps: WebhookRequestDeps): Promise<Response> {
  const body = await readBodyWithLimit(request, deps.maxBodyBytes);
  if (!body.ok) return Response.json({ message: "Body too large." }, { status: 413 });
  const result = await receiveWebhook(deps.db, body.text, deps.invoiceKey);
  const { eventId, process } = result;
  if (process && eventId) {
    deps.afterResponse(() => processWebhookEvent(deps.db, deps.client, eventId, deps.handlers, process));
  }
  return Response.json({ message: result.message }, { status: result.status });
}
