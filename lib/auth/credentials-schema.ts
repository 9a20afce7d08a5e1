import { z } from "zod";

/** Email and password rules, shared by the sign-in form, next-auth's authorize() and user management. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, "Enter an email address.")
  .max(254, "An email address has at most 254 characters.")
  .pipe(z.email("Enter a valid email address."))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string()
  .min(12, "Use at least 12 characters.")
  .max(200, "Use at most 200 characters.");

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password."),
});
