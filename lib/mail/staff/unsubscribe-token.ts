import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { UnsubscribeScope } from "./categories";

/**
 * The credential in an email's unsubscribe link (RFC 8058): an HMAC of the person and the
 * category (or the daily digest) under NEXTAUTH_SECRET. It can only turn that one off for that
 * one person, and needs no storage.
 */
function mac(secret: string, userId: string, category: string): Buffer {
  return createHmac("sha256", secret).update(`paydesk-unsubscribe:${userId}:${category}`).digest();
}

export function unsubscribeToken(secret: string, userId: string, category: UnsubscribeScope): string {
  return mac(secret, userId, category).toString("base64url");
}

export function isUnsubscribeToken(secret: string, userId: string, category: string, token: string): boolean {
  const expected = mac(secret, userId, category);
  const given = Buffer.from(token, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const UNSUBSCRIBE_PATH = "/api/mail/unsubscribe";

export function unsubscribeUrl(
  baseUrl: string,
  secret: string,
  userId: string,
  category: UnsubscribeScope,
): string {
  const url = new URL(UNSUBSCRIBE_PATH, baseUrl);
  url.searchParams.set("u", userId);
  url.searchParams.set("c", category);
  url.searchParams.set("t", unsubscribeToken(secret, userId, category));
  return url.toString();
}
