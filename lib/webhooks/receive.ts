import type { DbOrTx } from "@/lib/db/types";
import type { LosslessObject } from "@/lib/service/json";
import { holdsUnstorableText } from "./decode-body";
import { parseWebhookBody, summariseWebhook, type WebhookSummary } from "./payload";
import { storeWebhookEvent } from "./store-event";
import { verifyWithKeys, type InvoiceKeys, type KeyVerification } from "./verify";

export interface ReceiveResult {
  status: 200 | 400 | 401 | 429;
  message: string;
  eventId: string | null;
  /** With 429: seconds before another unverified body is stored. */
  retryAfterSeconds?: number;
  /**
   * Process (refresh) after answering: a verified event seen for the first time, or revived.
   * Carries the body as parsed here, so nothing parses it again.
   */
  process: { payload: LosslessObject; summary: WebhookSummary } | null;
}

/** Counts one unverified body: 0 when it may be stored, else seconds to wait. */
export type AdmitUnverified = () => Promise<number>;

const admitAll: AdmitUnverified = () => Promise.resolve(0);

/**
 * The receiver's core, without HTTP: verify the signature, store the event once, decide the
 * answer. Verification (parse + HMAC) is cheap and comes first, so a verified webhook is never
 * rate-limited; an unverified one is stored only when `admitUnverified` allows it. Nothing here
 * calls the service, so the answer is quick; the refresh comes after.
 */
export async function receiveWebhook(
  db: DbOrTx,
  rawBody: string,
  keys: InvoiceKeys,
  admitUnverified: AdmitUnverified = admitAll,
): Promise<ReceiveResult> {
  const payload = parseWebhookBody(rawBody);
  if (payload && holdsUnstorableText(payload)) {
    const message = "Body holds a NUL character or an unpaired surrogate.";
    return { status: 400, message, eventId: null, process: null };
  }
  const summary = payload ? summariseWebhook(payload) : null;
  const verification: KeyVerification = payload
    ? verifyWithKeys(payload, keys)
    : { ok: false, reason: "unparseable" };
  if (!verification.ok) {
    const wait = await admitUnverified();
    if (wait > 0) {
      const message = "Too many unverified webhooks from this address.";
      return { status: 429, message, eventId: null, retryAfterSeconds: wait, process: null };
    }
  }
  const stored = await storeWebhookEvent(db, {
    rawBody,
    payload,
    verified: verification.ok,
    signatureForm: verification.ok ? verification.form : verification.reason,
    signingKey: verification.ok ? verification.key : null,
    summary,
  });

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
