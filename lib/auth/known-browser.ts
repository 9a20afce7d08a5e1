import "server-only";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A browser that has signed in to an account before carries a signed cookie naming that account
 * (OWASP's "device cookie"). Its sign-in attempts for that account are counted on their own,
 * never against the account's or the address's allowance, so failures by someone else — on this
 * account or others, from anywhere, behind the same NAT included — can never refuse the right
 * password from the account owner's usual browser. The cookie holds a random id and an HMAC of
 * it with the email; nothing else, and nothing a browser could forge.
 */
export const KNOWN_BROWSER_COOKIE = "paydesk-known-browser";
export const KNOWN_BROWSER_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const keys = new Map<string, Buffer>();
function keyFrom(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "paydesk known-browser cookie", 32));
    keys.set(secret, key);
  }
  return key;
}

const mac = (secret: string, email: string, id: string) =>
  createHmac("sha256", keyFrom(secret)).update(`${email.toLowerCase()}\n${id}`).digest();

/** A fresh cookie value for a browser that just signed in as `email`. */
export function issueKnownBrowser(secret: string, email: string): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}.${mac(secret, email, id).toString("base64url")}`;
}

/** The browser's id when the cookie was issued by us for this very email; otherwise null. */
export function knownBrowserId(secret: string, email: string, value: string | undefined): string | null {
  if (!value || value.length > 200) return null;
  const [id, signature, ...rest] = value.split(".");
  if (!id || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = mac(secret, email, id);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The cookie's value in a Cookie header, if any. */
export function knownBrowserCookie(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === KNOWN_BROWSER_COOKIE) return value.join("=");
  }
  return undefined;
}
