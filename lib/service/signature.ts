import "server-only";

// Withdrawal request signing and webhook verification (docs/service-api.md: the sign field, webhooks).
// sign = hex HMAC-SHA256 over the JSON of the payload without `sign`, keyed with the INVOICE key.
// The spec does not fix the serialization, so the client signs exactly the bytes it sends and the
// verifier accepts the few encodings a PHP or JS service would plausibly produce.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  JsonNumber,
  KEY_ORDER,
  isJsonObject,
  orderedKeys,
  parseLosslessJson,
  type LosslessObject,
} from "./json";

/** `php`: json_encode(..., JSON_UNESCAPED_UNICODE) — `/` as `\/`, raw UTF-8. `plain`: JSON.stringify. */
export type SignStyle = "php" | "plain";
export type WebhookForm = "php" | "plain" | "unicode-escaped";

interface Encoding {
  escapeSlashes: boolean;
  escapeUnicode: boolean;
  /** PHP >= 7.1 escapes U+2028/U+2029 even with JSON_UNESCAPED_UNICODE. */
  escapeLineTerminators: boolean;
}

const ENCODINGS: Record<SignStyle, Encoding> = {
  php: { escapeSlashes: true, escapeUnicode: false, escapeLineTerminators: true },
  plain: { escapeSlashes: false, escapeUnicode: false, escapeLineTerminators: false },
};

// Tried in order by verifyWebhook; the first match names the form.
const WEBHOOK_ENCODINGS: ReadonlyArray<readonly [WebhookForm, Encoding]> = [
  ["php", ENCODINGS.php],
  ["php", { ...ENCODINGS.php, escapeLineTerminators: false }],
  ["plain", ENCODINGS.plain],
  ["unicode-escaped", { escapeSlashes: true, escapeUnicode: true, escapeLineTerminators: true }],
  ["unicode-escaped", { escapeSlashes: false, escapeUnicode: true, escapeLineTerminators: true }],
];

const hex4 = (code: number) => "\\u" + code.toString(16).padStart(4, "0");

function encodeString(value: string, enc: Encoding): string {
  let out = JSON.stringify(value); // handles quotes, backslashes, control characters, lone surrogates
  if (enc.escapeSlashes) out = out.replaceAll("/", "\\/");
  if (enc.escapeUnicode) {
    // Per UTF-16 unit, so astral characters become surrogate pairs, as PHP writes them.
    out = out.replace(/[\u0080-\uffff]/g, (ch) => hex4(ch.charCodeAt(0)));
  } else if (enc.escapeLineTerminators) {
    out = out.replace(/[\u2028\u2029]/g, (ch) => hex4(ch.charCodeAt(0)));
  }
  return out;
}

function encode(value: unknown, enc: Encoding): string | undefined {
  if (value === null) return "null";
  if (value instanceof JsonNumber) return value.source;
  switch (typeof value) {
    case "string":
      return encodeString(value, enc);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "object":
      break;
    default:
      return undefined; // undefined, functions, symbols: omitted like JSON.stringify does
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === "function") return encode(withToJson.toJSON(), enc);
  if (Array.isArray(value)) return "[" + value.map((item) => encode(item, enc) ?? "null").join(",") + "]";
  const parts: string[] = [];
  for (const key of orderedKeys(value as object)) {
    const encoded = encode((value as Record<string, unknown>)[key], enc);
    if (encoded !== undefined) parts.push(encodeString(key, enc) + ":" + encoded);
  }
  return "{" + parts.join(",") + "}";
}

/** JSON without whitespace, keys in insertion (or parsed source) order, escaped per style. */
export function canonicalJson(value: unknown, style: SignStyle = "php"): string {
  return encode(value, ENCODINGS[style]) ?? "null";
}

const hmacHex = (data: string, key: string) => createHmac("sha256", key).update(data, "utf8").digest("hex");

export function signPayload(payload: Record<string, unknown>, key: string, style: SignStyle = "php"): string {
  return hmacHex(canonicalJson(payload, style), key);
}

/**
 * The exact body to send: canonical JSON of the payload with `"sign":"…"` appended inside the object,
 * so the signed bytes and the sent bytes are the same.
 */
export function buildSignedBody(
  payload: Record<string, unknown>,
  key: string,
  style: SignStyle = "php",
): { body: string; sign: string } {
  if ("sign" in payload) throw new TypeError("The payload to sign must not contain `sign`.");
  const canonical = canonicalJson(payload, style);
  const sign = hmacHex(canonical, key);
  const body = canonical === "{}" ? `{"sign":"${sign}"}` : `${canonical.slice(0, -1)},"sign":"${sign}"}`;
  return { body, sign };
}

function hexEquals(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, "utf8");
  const given = Buffer.from(givenHex.toLowerCase(), "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface WebhookVerification {
  ok: boolean;
  form?: WebhookForm;
  /** Why verification failed, for the stored diagnosis. */
  reason?: "unparseable" | "missing-sign" | "mismatch";
}

export function verifyWebhook(rawBody: string, key: string): WebhookVerification {
  let parsed;
  try {
    parsed = parseLosslessJson(rawBody);
  } catch {
    return { ok: false, reason: "unparseable" };
  }
  if (!isJsonObject(parsed)) return { ok: false, reason: "unparseable" };
  return verifyWebhookPayload(parsed, key);
}

const SIGN_LAST = /^,"sign":"([0-9a-fA-F]{64})"\}$/;
const SIGN_LAST_LENGTH = ',"sign":"'.length + 64 + '"}'.length;

/**
 * The check of a body sent the way buildSignedBody writes it (the signed bytes, then
 * `"sign":"…"` last inside the object; a PHP service adding the sign to its array does the same):
 * an HMAC over the bytes received, without parsing them. False says only that the body was not
 * sent so; verifyWebhook still decides what it is.
 */
export function verifyWebhookAsSent(rawBody: string, key: string): boolean {
  const sign = SIGN_LAST.exec(rawBody.slice(-SIGN_LAST_LENGTH))?.[1];
  if (!sign) return false;
  return hexEquals(hmacHex(`${rawBody.slice(0, -SIGN_LAST_LENGTH)}}`, key), sign);
}

/** The same check on a body already parsed (losslessly, keys in the order sent). */
export function verifyWebhookPayload(parsed: LosslessObject, key: string): WebhookVerification {
  const sign = parsed.sign;
  if (typeof sign !== "string" || sign === "") return { ok: false, reason: "missing-sign" };

  const keys = orderedKeys(parsed).filter((k) => k !== "sign");
  const unsigned: LosslessObject = {};
  for (const k of keys) Object.defineProperty(unsigned, k, { value: parsed[k], enumerable: true });
  Object.defineProperty(unsigned, KEY_ORDER, { value: keys });
  const tried = new Set<string>();
  for (const [form, enc] of WEBHOOK_ENCODINGS) {
    const candidate = encode(unsigned, enc) ?? "";
    if (tried.has(candidate)) continue;
    tried.add(candidate);
    if (hexEquals(hmacHex(candidate, key), sign)) return { ok: true, form };
  }
  return { ok: false, reason: "mismatch" };
}
