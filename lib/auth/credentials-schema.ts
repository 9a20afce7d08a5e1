import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { authenticationResponseSchema } from "./passkeys/schemas";

/** Email and password rules, shared by the sign-in form, next-auth's authorize() and user management. */
export const emailSchema = safeText()
  .trim()
  .min(1, "Enter an email address.")
  .max(254, "An email address has at most 254 characters.")
  .pipe(z.email("Enter a valid email address."))
  .transform((email) => email.toLowerCase());

export const passwordSchema = safeText()
  .min(12, "Use at least 12 characters.")
  .max(200, "Use at most 200 characters.");

/** A password typed to prove who one is (signing in, confirming it's you): bounded, never judged. */
export const enteredPasswordSchema = safeText()
  .min(1, "Enter your password.")
  .max(200, "Use at most 200 characters.");

export const signInSchema = z.object({
  email: emailSchema,
  password: enteredPasswordSchema,
  /** The second step, for a user with two-factor: a 6-digit code or a recovery code. */
  code: safeText()
    .trim()
    .max(40, "A code has at most 40 characters.")
    .optional()
    .transform((code) => code || undefined),
});

/** A code from the authenticator app (or a recovery code where one is accepted). */
export const codeSchema = safeText()
  .trim()
  .min(1, "Enter the 6-digit code from your authenticator app.")
  .max(40, "A code has at most 40 characters.");

export const twoFactorCodeFormSchema = z.object({ code: codeSchema });

/**
 * Turning the authenticator app on: its first code, and, for someone who has passkeys and whose
 * session last confirmed one too long ago, a passkey's answer (lib/auth/fresh-identity.ts).
 */
export const confirmAppSchema = twoFactorCodeFormSchema.extend({
  passkey: authenticationResponseSchema.optional(),
});

/** The step-up code on a sensitive action: empty while the last verified code is recent enough. */
export const stepUpCodeSchema = safeText()
  .trim()
  .max(40, "A code has at most 40 characters.")
  .optional()
  .transform((code) => code || undefined);

/** Confirming it's you before changing a second factor (lib/auth/fresh-identity.ts). */
export const confirmPasswordSchema = z.object({ password: enteredPasswordSchema });
