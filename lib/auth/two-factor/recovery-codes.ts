import "server-only";
import { createHash, randomBytes } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read aloud and typed by hand

/** A code of 16 characters from 31 (about 79 bits), shown as xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCode(): string {
  const chars: string[] = [];
  while (chars.length < 16) {
    for (const byte of randomBytes(32)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 248 && chars.length < 16) chars.push(ALPHABET.charAt(byte % ALPHABET.length));
    }
  }
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join("")).join("-");
}

/** Case, spaces and dashes do not matter when a person types a code back. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

/** A fast hash is enough: the codes carry ~79 bits of randomness, so nobody can guess through it. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{16}$/.test(normalizeRecoveryCode(code));
}
