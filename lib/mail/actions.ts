"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { mailIdentitySchema, setMailIdentity, getMailIdentity } from "./identity";

/** Settings → Email: the business name, reply-to address and footer of customer email. */
export const saveMailIdentityAction = defineAction({
  permission: "settings:manage",
  schema: mailIdentitySchema,
  handler: async (identity, { db, user, actor }) => {
    await db.transaction(async (tx) => {
      const before = await getMailIdentity(tx, "");
      await setMailIdentity(tx, identity, user.id);
      await recordAudit(tx, actor, {
        action: "settings.changed",
        object: { type: "settings", id: "mail_identity" },
        before: { ...before },
        after: { ...identity },
      });
    });
    revalidatePath("/admin/settings");
    return { message: "Saved. Customer email uses these from now on." };
  },
});
