"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { changeSsoSecondFactor } from "./sso-second-factor-change";
import { ssoSecondFactorSchema } from "./sso-settings-schema";

export const setSsoSecondFactorAction = defineAction({
  permission: "settings:manage",
  schema: ssoSecondFactorSchema,
  handler: async ({ counts }, { db, user, actor }) => {
    const { pending } = await changeSsoSecondFactor(db, { ...actor, userId: user.id }, counts);
    revalidatePath("/admin/settings");
    return pending
      ? {
          pending: true,
          message: "Proposed. It applies once a second admin approves it under Pending changes.",
        }
      : {
          pending: false,
          message:
            "Single sign-on no longer counts as a second factor: Paydesk asks for its own code or passkey.",
        };
  },
});
