"use server";

import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { markRead } from "./inbox";
import { markReadSchema } from "./mark-read-schema";

export const markNotificationsReadAction = defineAction({
  permission: "notifications:read",
  schema: markReadSchema,
  handler: async (input, { db, user, actor }) => {
    const marked = await db.transaction(async (tx) => {
      const count = await markRead(tx, user.id, "all" in input ? "all" : input.ids);
      await recordAudit(tx, actor, { action: "notification.read", after: { marked: count } });
      return count;
    });
    return { marked };
  },
});
