"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { z } from "zod";
import { mailIdentitySchema, setMailIdentity, getMailIdentity } from "./identity";
import { sendMailAgain } from "./outgoing";

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

/** Admin → Outgoing mail: a failed email is queued again, due now. */
export const sendMailAgainAction = defineAction({
  permission: "mail:manage",
  schema: z.object({ id: z.uuid() }),
  handler: async ({ id }, { db, actor }) => {
    await db.transaction(async (tx) => {
      const mail = await sendMailAgain(tx, id);
      await recordAudit(tx, actor, { action: "mail.sent_again", object: { type: "mail", id }, after: mail });
    });
    revalidatePath("/admin/mail");
    return { message: "Queued again: Paydesk sends it within a few seconds." };
  },
});
