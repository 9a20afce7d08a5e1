import { isJsonObject, type LosslessJson } from "@/lib/service/json";

export type DecodedBody = { ok: true; text: string } | { ok: false; message: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body as text, refused (400) when it is not valid UTF-8 or holds a NUL character, which a
 * PostgreSQL text column cannot store. Lossy decoding would make stored bodies lie.
 */
export function decodeWebhookBody(bytes: Uint8Array): DecodedBody {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, message: "Body is not valid UTF-8." };
  }
  if (text.includes("\0")) return { ok: false, message: "Body holds a NUL character." };
  return { ok: true, text };
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when a parsed body's strings (keys included) hold what the raw text could not: a NUL or
 * an unpaired surrogate written as a `\u` escape. Neither is storable text nor sent by a service.
 */
export function holdsUnstorableText(value: LosslessJson): boolean {
  if (typeof value === "string") return value.includes("\0") || UNPAIRED_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (isJsonObject(value)) {
    return Object.entries(value).some(([key, item]) => holdsUnstorableText(key) || holdsUnstorableText(item));
  }
  return false;
}
