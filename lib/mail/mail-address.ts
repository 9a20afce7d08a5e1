import { z } from "zod";

/**
 * Addresses and display names as they go into a message's headers. Nothing here is ever
 * concatenated into a header: nodemailer encodes what it is given, and these checks refuse
 * what no encoding should be asked to carry (CR, LF, NUL, other control characters), so a name
 * or an address can never start a header of its own.
 */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An address mail servers accept: one @, no spaces or brackets, at most 254 characters (RFC 5321). */
export const mailAddressSchema = z
  .string()
  .trim()
  .max(254, "An email address has at most 254 characters.")
  .refine((value) => !CONTROL.test(value), "An email address cannot hold line breaks or control characters.")
  .pipe(z.email("Enter an email address like name@example.com."));

/** A display name or a subject: one line, no control characters. */
export function headerTextSchema(what: string, max: number) {
  return z
    .string()
    .max(max, `${what} has at most ${max} characters.`)
    .refine((value) => !CONTROL.test(value), `${what} cannot hold line breaks or control characters.`);
}

export interface NamedAddress {
  name: string;
  address: string;
}

/**
 * `MAIL_FROM` as written in the environment: `"Shop support" <support@shop.example>`,
 * `Shop support <support@shop.example>` or a bare `support@shop.example`.
 */
export function parseNamedAddress(value: string): NamedAddress | null {
  const trimmed = value.trim();
  const bracketed = /^(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>]+)>$/.exec(trimmed);
  const name = bracketed ? (bracketed[1]?.replace(/\\(.)/g, "$1") ?? bracketed[2] ?? "").trim() : "";
  const address = bracketed ? (bracketed[3] ?? "") : trimmed;
  if (CONTROL.test(name) || name.length > 100) return null;
  const parsed = mailAddressSchema.safeParse(address);
  return parsed.success ? { name, address: parsed.data } : null;
}
