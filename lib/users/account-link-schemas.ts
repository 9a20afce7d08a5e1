import { z } from "zod";
import { newPasswordSchema } from "@/lib/auth/password-policy";

/**
 * The token of a one-time link (32 random bytes, base64url: 43 characters), as it arrives in a
 * URL or a form. Anything else is no token at all, whatever its size.
 */
export const accountLinkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, "This link is not complete. Open the whole link you were given.");

/** Choosing a password through a link; the join form adds the person's own words for the strength check. */
export const choosePasswordSchema = (userInputs?: readonly string[]) =>
  newPasswordSchema({ token: accountLinkTokenSchema }, userInputs);
export type ChoosePasswordInput = z.input<ReturnType<typeof choosePasswordSchema>>;
