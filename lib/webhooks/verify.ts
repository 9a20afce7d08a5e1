import type { LosslessObject } from "@/lib/service/json";
import { verifyWebhookAsSent, verifyWebhookPayload, type WebhookForm } from "@/lib/service/signature";

/** The invoice key, and while it is being rotated the one before it. */
export interface InvoiceKeys {
  current: string;
  previous?: string;
}

export type SigningKey = "current" | "previous";

export type KeyVerification =
  | { ok: true; form: WebhookForm; key: SigningKey }
  | { ok: false; reason: "unparseable" | "missing-sign" | "mismatch" };

/**
 * Verifies with the current key, then the previous one, so webhooks signed before a rotation
 * (in flight, or retried by the service) still verify; the result says which key matched.
 */
export function verifyWithKeys(payload: LosslessObject, keys: InvoiceKeys): KeyVerification {
  const current = verifyWebhookPayload(payload, keys.current);
  if (current.ok) return { ok: true, form: current.form ?? "php", key: "current" };
  if (keys.previous && current.reason === "mismatch") {
    const previous = verifyWebhookPayload(payload, keys.previous);
    if (previous.ok) return { ok: true, form: previous.form ?? "php", key: "previous" };
  }
  return { ok: false, reason: current.reason ?? "mismatch" };
}

/**
 * Whether the body is signed as sent (verifyWebhookAsSent) with either key: an HMAC over its
 * bytes, before any parse. Such a body comes from whoever holds the key, so it skips the budget
 * of parse work; verifyWithKeys still decides, once it is parsed, how it verifies.
 */
export function signedAsSent(rawBody: string, keys: InvoiceKeys): boolean {
  return (
    verifyWebhookAsSent(rawBody, keys.current) ||
    (Boolean(keys.previous) && verifyWebhookAsSent(rawBody, keys.previous ?? ""))
  );
}
