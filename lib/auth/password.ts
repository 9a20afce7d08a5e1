import "server-only";
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** Argon2id with the library's defaults (memory-hard, OWASP-level parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed hash is a failed sign-in, not a crash.
    return false;
  }
}

/** A password to print once: 24 characters from a URL-safe alphabet, 144 bits of entropy. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Spent on unknown emails too, so the response time does not tell which emails have accounts.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(generatePassword());
  await verifyPassword(await dummyHash, password);
}
