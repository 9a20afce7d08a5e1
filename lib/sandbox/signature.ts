/**
 * Request and webhook signatures: HMAC-SHA256 (hex, 64 chars) over the canonical JSON of the
 * payload without `sign` (see json.ts), keyed with the merchant's invoice key.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { encodeJson, type Encodable, type JsonObject } from "./json";

export function canonicalPayload(payload: Record<string, Encodable>): string {
  const rest: Record<string, Encodable> = {};
  for (const [k, v] of Object.entries(payload)) if (k !== "sign") rest[k] = v;
  return encodeJson(rest);
}

export function hmacHex(key: string, message: string): string {
  return createHmac("sha256", key).update(message, "utf8").digest("hex");
}

export function signPayload(payload: Record<string, Encodable>, key: string): string {
  return hmacHex(key, canonicalPayload(payload));
}

export function verifySign(body: JsonObject, key: string): boolean {
  const sign = body.sign;
  if (typeof sign !== "string" || !/^[0-9a-fA-F]{64}$/.test(sign)) return false;
  const expected = Buffer.from(signPayload(body, key), "hex");
  return timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), "hex"));
}
