import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { passwordSchema } from "./credentials-schema";
import { stepUpProofSchema } from "./passkeys/schemas";

/**
 * What a password a person chooses must be: 12 to 200 characters, and hard to guess as zxcvbn
 * judges it (a score of 3 of 4 at least), with the person's own email and name counted as easy
 * words. One schema for the browser and the server: the form checks as the person types (loading
 * zxcvbn on the first check), and the action checks again once it knows whose password it is.
 */

export const MIN_STRENGTH = 3;
export const PASSWORDS_DIFFER = "The two passwords differ. Type the same password in both fields.";
const TOO_EASY = "This password is easy to guess.";

/**
 * The person's own words (email, name) and the business's name, which make a password easy to
 * guess for anyone who knows them.
 */
export function ownWords(person: { email: string; name: string }, businessName = ""): string[] {
  const [local = "", domain = ""] = person.email.split("@");
  return [
    person.email,
    local,
    ...domain.split("."),
    person.name,
    ...person.name.split(/\s+/),
    businessName,
    ...businessName.split(/\s+/),
  ].filter((word) => word.length > 1);
}

export const MOSTLY_OWN_WORDS =
  "Most of this password is your name, your email or the business's name, which anyone who knows you can guess. Add words of your own.";

/**
 * Why the password is too easy to guess, in zxcvbn's words, or null when it is strong enough.
 * What is left once the person's own words are taken out must be hard to guess too: zxcvbn counts
 * a name plus a year ("Nora Newbie 2026!") as strong by its length alone.
 */
export async function passwordWeakness(
  password: string,
  userInputs: readonly string[],
): Promise<string | null> {
  const { estimateStrength } = await import("./password-strength");
  const { score, warning, suggestions } = estimateStrength(password, userInputs);
  if (score < MIN_STRENGTH) return [warning || TOO_EASY, ...suggestions].join(" ");
  const rest = withoutOwnWords(password, userInputs);
  if (rest !== password && estimateStrength(rest, userInputs).score < MIN_STRENGTH) return MOSTLY_OWN_WORDS;
  return null;
}

/** The password with each own word of 3 characters or more taken out, longest first, whatever its case. */
function withoutOwnWords(password: string, userInputs: readonly string[]): string {
  const words = [...new Set(userInputs.filter((word) => word.length >= 3))].sort(
    (a, b) => b.length - a.length,
  );
  let rest = password;
  for (const word of words)
    rest = rest.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), "");
  return rest;
}

const samePassword = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;

/**
 * The new password and its confirmation, beside the form's other fields. With `userInputs` (the
 * person's ownWords) the strength is checked too (asynchronously: parse with safeParseAsync).
 */
export function newPasswordSchema<Shape extends z.ZodRawShape>(
  fields: Shape,
  userInputs?: readonly string[],
) {
  const password = userInputs
    ? passwordSchema.superRefine(async (value, context) => {
        if (value.length < 12 || value.length > 200) return;
        const weakness = await passwordWeakness(value, userInputs);
        if (weakness) context.addIssue({ code: "custom", message: weakness });
      })
    : passwordSchema;
  return z
    .object({
      ...fields,
      password,
      confirmPassword: safeText().max(200, "Use at most 200 characters."),
    })
    .refine((values) => samePassword(values as { password: string; confirmPassword: string }), {
      path: ["confirmPassword"],
      message: PASSWORDS_DIFFER,
    });
}

/**
 * Changing one's own password: the current one, the new one twice, and a fresh second factor
 * (a code, or a passkey's answer: step-up.ts's proof) when this session's last confirmation is too old.
 */
export const changePasswordSchema = (userInputs?: readonly string[]) =>
  newPasswordSchema(
    {
      currentPassword: safeText()
        .min(1, "Enter your current password.")
        .max(200, "Use at most 200 characters."),
      ...stepUpProofSchema,
    },
    userInputs,
  );
export type ChangePasswordInput = z.input<ReturnType<typeof changePasswordSchema>>;
