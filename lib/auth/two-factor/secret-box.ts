import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Authenticator secrets are stored encrypted (AES-256-GCM) under a key derived from
 * NEXTAUTH_SECRET with HKDF, so a copy of the database alone does not give anyone the codes.
 * Changing NEXTAUTH_SECRET therefore makes every enrolled authenticator unreadable: those users
 * need an admin to reset their two-factor (README § Two-factor sign-in).
 */
const VERSION = "v1";

export function secretKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "paydesk", "two-factor secret v1", 32));
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, or null when it was sealed under another key (NEXTAUTH_SECRET changed) or altered. */
export function openSecret(key: Buffer, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
