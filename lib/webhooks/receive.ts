import type { DbOrTx } from "@/lib/db/types";
import type { LosslessObject } from "@/lib/service/json";
import { verifyWebhookPayload, type WebhookVerification } from "@/lib/service/signature";
import { parseWebhookBody, summariseWebhook, type WebhookSummary } from "./payload";
import { storeWebhookEvent } from "./store-event";

export interface ReceiveResult {
  status: 200 | 400 | 401;
  message: string;
  eventId: string | null;
  /**
   * Process (refresh) after answering: a verified event seen for the first time, or revived.
   * Carries the body as parsed here, so nothing parses it again.
   */
  process: { payload: LosslessObject; summary: WebhookSummary } | null;
}

/**
 * The receiver's core, without HTTP: verify the signature, store the event once, decide the
 * answer. Nothing here calls the service, so the answer is quick; the refresh comes after.
 */
export async function receiveWebhook(
  db: DbOrTx,
  rawBody: string,
  invoiceKey: string,
): Promise<ReceiveResult> {
  const payload = parseWebhookBody(rawBody);
  const summary = payload ? summariseWebhook(payload) : null;
  const verification: WebhookVerification = payload
    ? verifyWebhookPayload(payload, invoiceKey)
    : ({ ok: false, reason: "unparseable" } as const);
  const signatureForm = verification.ok ? (verification.form ?? "php") : (verification.reason ?? "mismatch");
  const stored = await storeWebhookEvent(db, { rawBody, verified: verification.ok, signatureForm, summary });

  if (!payload || !summary)
    return { status: 400, message: "Body is not a JSON object.", eventId: stored.id, process: null };
  if (!verification.ok) return { status: 401, message: "Invalid sign.", eventId: stored.id, process: null };
  return {
    status: 200,
    message: stored.duplicate ? "Already received." : "Received.",
    eventId: stored.id,
    process: !stored.duplicate || stored.reprocess === true ? { payload, summary } : null,
  };
}
