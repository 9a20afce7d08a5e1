import type { DbOrTx } from "@/lib/db/types";
import type { LosslessObject } from "@/lib/service/json";
import { holdsUnstorableText } from "./decode-body";
import { parseWebhookBody, summariseWebhook, type WebhookSummary } from "./payload";
import { storeWebhookEvent } from "./store-event";
import { signedAsSent, verifyWithKeys, type InvoiceKeys, type KeyVerification } from "./verify";

export interface ReceiveResult {
  status: 200 | 400 | 401 | 429;
  message: string;
  eventId: string | null;
  /** With 429: seconds before another unverified body is stored. */
  retryAfterSeconds?: number;
  /** With 200: this body was received before. */
  duplicate?: boolean;
  /**
   * Process (refresh) after answering: a verified event seen for the first time, or revived.
   * Carries the body as parsed here, so nothing parses it again.
   */
  process: { payload: LosslessObject; summary: WebhookSummary } | null;
}

/** What an anonymous sender may cost (each answers 0 when allowed, else seconds to wait); none by default. */
export interface ReceiveLimits {
  /** Asked before parsing a body that is not signed as sent (handle-request.ts: its address's budget). */
  admitParse?: () => Promise<number>;
  /** The body admitted by admitParse verified once parsed: what it was charged is given back. */
  refundParse?: () => Promise<void>;
  /** Counts one unverified body before it is stored as a sample. */
  admitUnverified?: () => Promise<number>;
}

/**
 * The receiver's core, without HTTP: verify the signature, store the event once, decide the
 * answer. A body signed as sent (an HMAC over its bytes, as the service sends it) is known genuine
 * before it is parsed and is never limited; any other is parsed only if `admitParse` allows it
 * (the parse and the re-encodings for the HMAC are what a large body costs), and given back if it
 * verifies. An unverified one is stored only when `admitUnverified` allows it. Nothing here calls
 * the service, so the answer is quick; the refresh comes after.
 */
export async function receiveWebhook(
  db: DbOrTx,
  rawBody: string,
  keys: InvoiceKeys,
  limits: ReceiveLimits = {},
): Promise<ReceiveResult> {
  const asSent = signedAsSent(rawBody, keys);
  if (!asSent) {
    const wait = (await limits.admitParse?.()) ?? 0;
    if (wait > 0) return tooMany("Too many unverified webhook bytes from this address.", wait);
  }
  const payload = parseWebhookBody(rawBody);
  if (payload && holdsUnstorableText(payload)) {
    const message = "Body holds a NUL character or an unpaired surrogate.";
    return { status: 400, message, eventId: null, process: null };
  }
  const summary = payload ? summariseWebhook(payload) : null;
  const verification: KeyVerification = payload
    ? verifyWithKeys(payload, keys)
    : { ok: false, reason: "unparseable" };
  if (verification.ok && !asSent) await limits.refundParse?.();
  if (!verification.ok) {
    const wait = (await limits.admitUnverified?.()) ?? 0;
    if (wait > 0) return tooMany("Too many unverified webhooks from this address.", wait);
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
    duplicate: stored.duplicate,
    eventId: stored.id,
    process: !stored.duplicate || stored.reprocess === true ? { payload, summary } : null,
  };
}

function tooMany(message: string, retryAfterSeconds: number): ReceiveResult {
  return { status: 429, message, eventId: null, retryAfterSeconds, process: null };
}
