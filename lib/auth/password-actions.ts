"use server";

import { revalidatePath } from "next/cache";
import { changeOwnPassword } from "./change-password";
import { defineAction } from "./define-action";
import { changePasswordSchema } from "./password-policy";

/** One's own password, changed; every other session ends. */
export const changeMyPasswordAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: changePasswordSchema(),
  handler: async ({ currentPassword, password, code, passkey }, { db, user, sessionId, actor }) => {
    const { sessionsEnded } = await changeOwnPassword(
      db,
      { userId: user.id, sessionId, actor },
      { currentPassword, password, code, passkey },
    );
    revalidatePath("/account", "layout");
    return {
      sessionsEnded,
      message:
        sessionsEnded === 0
          ? "Your password is changed. You were signed in nowhere else."
          : `Your password is changed. ${sessionsEnded === 1 ? "1 other session was" : `${sessionsEnded} other sessions were`} signed out.`,
    };
  },
});
