"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { RuleError } from "@/lib/auth/rule-error";
import { mailEnabled } from "../app-mail";
import { staffMailCategoriesFor, type StaffMailCategory, type StaffMailMode } from "./categories";
import { readMailPreferences, writeMailPreferences } from "./preferences";
import { mailPreferencesSchema } from "./preferences-schema";

/** Account → Email: which of one's own notifications also come by email. */
export const saveMailPreferencesAction = defineAction({
  permission: "account:manage",
  schema: mailPreferencesSchema,
  handler: async ({ modes, digestTime }, { db, user, actor }) => {
    if (!mailEnabled())
      throw new RuleError("Email is not set up on this Paydesk: notifications stay inside it.");
    await db.transaction(async (tx) => {
      const before = await readMailPreferences(tx, user.id);
      const byEmail = await writeMailPreferences(tx, user.id, staffMailCategoriesFor(user.role), {
        modes,
        digestTime,
      });
      await recordAudit(tx, actor, {
        action: "user.mail_preferences_changed",
        object: { type: "user", id: user.id },
        before: { byEmail: emailedOnly(before.modes), digestTime: before.digestTime },
        after: { byEmail, digestTime },
      });
    });
    revalidatePath("/account/email");
    return { message: "Saved." };
  },
});

function emailedOnly(modes: Record<StaffMailCategory, StaffMailMode>) {
  return Object.fromEntries(Object.entries(modes).filter(([, mode]) => mode !== "off"));
}
