"use server";

import { and, eq, isNull } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { users } from "@/lib/db/schema";
import { browserTimeZoneSchema, displayPreferencesSchema } from "./preferences-schema";

/** Account → Display: the zone and number format every page uses for this person. */
export const saveDisplayPreferencesAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: displayPreferencesSchema,
  handler: async ({ timeZone, numberLocale }, { db, user, actor }) => {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ timeZone, numberLocale, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await recordAudit(tx, actor, {
        action: "user.display_changed",
        object: { type: "user", id: user.id },
        before: { timeZone: user.timeZone, numberLocale: user.numberLocale },
        after: { timeZone, numberLocale },
      });
    });
    revalidatePath("/", "layout");
    return { message: "Saved. Times and amounts now show this way on every page." };
  },
});

/**
 * The first page a person opens after signing in tells Paydesk the browser's zone; it becomes
 * theirs unless they already chose one (a second browser never overrides the first choice).
 */
export const adoptBrowserTimeZoneAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: browserTimeZoneSchema,
  handler: async ({ timeZone }, { db, user, actor }) => {
    const adopted = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ timeZone })
        .where(and(eq(users.id, user.id), isNull(users.timeZone)))
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      await recordAudit(tx, actor, {
        action: "user.display_changed",
        object: { type: "user", id: user.id },
        after: { timeZone },
        note: "The browser's time zone, taken on the first page after signing in.",
      });
      return true;
    });
    return { adopted };
  },
});
