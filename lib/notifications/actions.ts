"use server";

import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { markGroupRead, markRead } from "./inbox";
import { markReadSchema } from "./mark-read-schema";
import { setMuted } from "./mutes";
import { muteSchema } from "./mute-schema";

export const markNotificationsReadAction = defineAction({
  permission: "notifications:read",
  schema: markReadSchema,
  handler: async (input, { db, user, actor }) => {
    const marked = await db.transaction(async (tx) => {
      const count =
        "group" in input
          ? await markGroupRead(
              tx,
              { id: user.id, timeZone: displayPreferencesOf(user).timeZone },
              input.group,
            )
          : await markRead(tx, user.id, "all" in input ? "all" : input.ids);
      await recordAudit(tx, actor, { action: "notification.read", after: { marked: count } });
      return count;
    });
    return { marked };
  },
});

/** One's own choice: a muted kind is no longer written for this person (mutes.ts). */
export const muteNotificationsAction = defineAction({
  permission: "notifications:read",
  schema: muteSchema,
  handler: async (input, { db, user, actor }) => {
    await db.transaction(async (tx) => {
      await setMuted(tx, user.id, input.kind, input.muted);
      await recordAudit(tx, actor, { action: "notification.muted", after: { ...input } });
    });
    return { muted: input.muted };
  },
});
