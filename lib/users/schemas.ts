import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";

/** Shared by the forms (client) and the actions (server): one source of truth per field. */
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

export const createUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, "Enter a name.").max(120, "A name has at most 120 characters."),
  role: z.enum(ROLES, "Choose a role."),
  password: passwordSchema,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const changeRoleSchema = z.object({
  userId: z.uuid(),
  role: z.enum(ROLES, "Choose a role."),
});

export const setUserDisabledSchema = z.object({
  userId: z.uuid(),
  disabled: z.boolean(),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password."),
});
