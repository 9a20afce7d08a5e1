import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import { mailPreferences } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { STAFF_MAIL_CATEGORY_KEYS, type StaffMailCategory, type StaffMailMode } from "./categories";

export async function readMailPreferences(
  db: DbOrTx,
  userId: string,
): Promise<Record<StaffMailCategory, StaffMailMode>> {
  const rows = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  const modes = Object.fromEntries(STAFF_MAIL_CATEGORY_KEYS.map((key) => [key, "off"])) as Record<
    StaffMailCategory,
    StaffMailMode
  >;
  for (const row of rows)
    if (row.category in modes && row.mode === "immediate")
      modes[row.category as StaffMailCategory] = "immediate";
  return modes;
}

/** Stores the categories chosen "at once" (among `offered`); the others are off. */
export async function writeMailPreferences(
  db: DbOrTx,
  userId: string,
  offered: readonly StaffMailCategory[],
  modes: Partial<Record<StaffMailCategory, StaffMailMode>>,
): Promise<StaffMailCategory[]> {
  const chosen = offered.filter((category) => modes[category] === "immediate");
  await db
    .delete(mailPreferences)
    .where(
      chosen.length > 0
        ? and(eq(mailPreferences.userId, userId), notInArray(mailPreferences.category, chosen))
        : eq(mailPreferences.userId, userId),
    );
  if (chosen.length > 0) {
    await db
      .insert(mailPreferences)
      .values(chosen.map((category) => ({ userId, category, mode: "immediate" as const })))
      .onConflictDoNothing();
  }
  return chosen;
}
