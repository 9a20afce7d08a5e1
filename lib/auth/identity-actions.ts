"use server";

import { confirmIdentity } from "./confirm-identity";
import { confirmPasswordSchema } from "./credentials-schema";
import { defineAction } from "./define-action";

/**
 * "Confirm your password", asked before changing a second factor (fresh-identity.ts). Open to admin
 * and finance who must still enroll: they may need it to set up their first factor.
 */
export const confirmPasswordAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: confirmPasswordSchema,
  handler: async ({ password }, { db, user, sessionId, actor }) => {
    await confirmIdentity(db, { userId: user.id, sessionId, actor }, password);
    return { message: "Password confirmed." };
  },
});
