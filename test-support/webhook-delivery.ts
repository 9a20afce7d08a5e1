// Test support: a verified webhook as the receiver hands it on (stored, then processed by its
// handler), for tests that drive Paydesk through the webhook route without HTTP. Amounts go on the
// wire as JSON numbers, as the service sends them, so their every decimal reaches the handler. Not
// imported by application code.
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import type { HandlerResult } from "@/lib/webhooks/handler-types";
import { parseWebhookBody, summariseWebhook } from "@/lib/webhooks/payload";
import { processWebhookEvent } from "@/lib/webhooks/process-event";
import { storeWebhookEvent } from "@/lib/webhooks/store-event";

/** Fields written as JSON numbers (the rest as strings); null ones are left out. */
const NUMBERS = new Set(["amount", "fee", "payout_amount"]);

export function webhookBody(fields: Record<string, string | null | undefined>): string {
  const members = Object.entries(fields).flatMap(([name, value]) =>
    value === null || value === undefined
      ? []
      : [
          `${JSON.stringify(name)}:${NUMBERS.has(name) && /^\d+(\.\d+)?$/.test(value) ? value : JSON.stringify(value)}`,
        ],
  );
  return `{${members.join(",")}}`;
}

/**
 * Stores the body as a verified event and processes it: the handler's result, or "duplicate" when
 * the same body was stored before (the receiver takes each event once).
 */
export async function deliverVerifiedWebhook(
  db: Db,
  client: ServiceClient,
  rawBody: string,
): Promise<HandlerResult | "duplicate"> {
  const payload = parseWebhookBody(rawBody);
  if (!payload) throw new Error(`not a JSON object: ${rawBody}`);
  const stored = await storeWebhookEvent(db, {
    rawBody,
    payload,
    verified: true,
    signingKey: "current",
    signatureForm: "php",
    summary: summariseWebhook(payload),
  });
  if (stored.duplicate && !stored.reprocess) return "duplicate";
  const result = await processWebhookEvent(db, client, stored.id);
  if (!result) throw new Error(`webhook event ${stored.id} was not processed`);
  return result;
}
