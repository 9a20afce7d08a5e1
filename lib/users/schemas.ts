import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { emailSchema, passwordSchema } from "@/lib/auth/credentials-schema";
import { ROLES } from "@/lib/auth/roles";

/** Shared by the forms (client) and the actions (server): one source of truth per field. */
export const createUserSchema = z.object({
  email: emailSchema,
  name: safeText().trim().min(1, "Enter a name.").max(120, "A name has at most 120 characters."),
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

export const resetTwoFactorSchema = z.object({ userId: z.uuid() });

/** An admin ends one session of a user, or (without sessionId) all of them. */
export const endUserSessionsSchema = z.object({ userId: z.uuid(), sessionId: z.uuid().optional() });
