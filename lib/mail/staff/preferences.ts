import "server-only";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { mailPreferences, users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import {
  STAFF_MAIL_CATEGORY_KEYS,
  staffMailModesFor,
  type StaffMailCategory,
  type StaffMailMode,
} from "./categories";

export interface MailPreferences {
  modes: Record<StaffMailCategory, StaffMailMode>;
  /** "08:00": when the daily digest leaves, in the person's time zone. */
  digestTime: string;
}

export async function readMailPreferences(db: DbOrTx, userId: string): Promise<MailPreferences> {
  const rows = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  const [user] = await db
    .select({ digestTime: users.mailDigestTime })
    .from(users)
    .where(eq(users.id, userId));
  const modes = Object.fromEntries(STAFF_MAIL_CATEGORY_KEYS.map((key) => [key, "off"])) as Record<
    StaffMailCategory,
    StaffMailMode
  >;
  for (const row of rows) {
    if (row.category in modes && (row.mode === "immediate" || row.mode === "digest"))
      modes[row.category as StaffMailCategory] = row.mode;
  }
  return { modes, digestTime: user?.digestTime ?? "08:00" };
}

/**
 * Stores each offered category's mode (a category not offered, or off, has no row) and the
 * digest's time. A digest chosen anew starts from now: its first email comes at the next digest
 * time, never at once with the day before. Answers what is now by email, at once or in the digest.
 */
export async function writeMailPreferences(
  db: DbOrTx,
  userId: string,
  offered: readonly StaffMailCategory[],
  chosen: { modes: Partial<Record<StaffMailCategory, StaffMailMode>>; digestTime: string },
  now = new Date(),
): Promise<Partial<Record<StaffMailCategory, "immediate" | "digest">>> {
  const byEmail: Partial<Record<StaffMailCategory, "immediate" | "digest">> = {};
  for (const category of offered) {
    const mode = chosen.modes[category];
    if ((mode === "immediate" || mode === "digest") && staffMailModesFor(category).includes(mode))
      byEmail[category] = mode;
  }
  const kept = Object.keys(byEmail) as StaffMailCategory[];
  const hadDigest =
    (
      await db
        .select({ category: mailPreferences.category })
        .from(mailPreferences)
        .where(and(eq(mailPreferences.userId, userId), eq(mailPreferences.mode, "digest")))
        .limit(1)
    ).length > 0;
  await db
    .delete(mailPreferences)
    .where(
      kept.length > 0
        ? and(eq(mailPreferences.userId, userId), notInArray(mailPreferences.category, kept))
        : eq(mailPreferences.userId, userId),
    );
  if (kept.length > 0) {
    await db
      .insert(mailPreferences)
      .values(kept.map((category) => ({ userId, category, mode: byEmail[category] ?? "immediate" })))
      .onConflictDoUpdate({
        target: [mailPreferences.userId, mailPreferences.category],
        set: { mode: sql`excluded.mode`, updatedAt: sql`now()` },
      });
  }
  const startsDigest = !hadDigest && Object.values(byEmail).includes("digest");
  await db
    .update(users)
    .set({ mailDigestTime: chosen.digestTime, ...(startsDigest ? { mailDigestSentAt: now } : {}) })
    .where(eq(users.id, userId));
  return byEmail;
}
