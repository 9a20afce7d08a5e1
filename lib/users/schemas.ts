import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { emailSchema } from "@/lib/auth/credentials-schema";
import { ROLES } from "@/lib/auth/roles";

/**
 * Shared by the forms (client) and the actions (server): one source of truth per field. No
 * password: the person chooses theirs through their invitation link.
 */
export const createUserSchema = z.object({
  email: emailSchema,
  name: safeText().trim().min(1, "Enter a name.").max(120, "A name has at most 120 characters."),
  role: z.enum(ROLES, "Choose a role."),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** A role change says why: the audit log and the second admin (when one must approve) read it. */
export const changeRoleSchema = z.object({
  userId: z.uuid(),
  role: z.enum(ROLES, "Choose a role."),
  reason: safeText()
    .trim()
    .min(1, "Say why their role changes.")
    .max(500, "Keep the reason under 500 characters."),
});
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

export const setUserDisabledSchema = z.object({
  userId: z.uuid(),
  disabled: z.boolean(),
});

export const resetTwoFactorSchema = z.object({ userId: z.uuid() });
export const resetPasswordSchema = z.object({ userId: z.uuid() });
export const renewInvitationSchema = z.object({ userId: z.uuid() });

/** An admin ends one session of a user, or (without sessionId) all of them. */
export const endUserSessionsSchema = z.object({ userId: z.uuid(), sessionId: z.uuid().optional() });
