import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings, users } from "@/lib/db/schema";
import type { Db, DbOrTx, Tx } from "@/lib/db/types";

/**
 * Which mode a database was first started in, written at that first start and never changed:
 * demo mode seeds users with a published password, so it runs only on a database it started
 * itself, and a production start on a database the demo started is told what it holds.
 */
export const FIRST_START_KEY = "database.first_start";

const firstStartSchema = z.object({ mode: z.enum(["demo", "production"]), at: z.string() });
export type FirstStart = z.infer<typeof firstStartSchema>;

export async function readFirstStart(db: DbOrTx): Promise<FirstStart | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FIRST_START_KEY));
  if (!row) return null;
  // A mark that does not read as one was not written by demo mode: the safe side is "production".
  const parsed = firstStartSchema.safeParse(row.value);
  return parsed.success ? parsed.data : { mode: "production", at: "unknown" };
}

/**
 * A start outside demo mode: marks the database if this is its first start (several instances
 * agree: the first insert wins), and returns the mark as it stands, the demo's if the demo came first.
 */
export async function markProductionStart(db: Db, now = new Date()): Promise<FirstStart> {
  const mark: FirstStart = { mode: "production", at: now.toISOString() };
  await db.insert(settings).values({ key: FIRST_START_KEY, value: mark }).onConflictDoNothing();
  return (await readFirstStart(db)) ?? mark;
}

/**
 * Demo mode's claim on the database, inside the transaction that seeds it: a database first
 * started outside demo mode is refused, and so is one older than the mark that already has users
 * (it counts as a real one); a fresh one is marked as the demo's.
 */
export async function claimForDemo(tx: Tx, now = new Date()): Promise<void> {
  const mark = await readFirstStart(tx);
  if (mark?.mode === "demo") return;
  const ownDirectory = "or give the demo a directory of its own: set PAYDESK_DATA_DIR to a new directory.";
  if (mark) {
    throw new Error(
      `PAYDESK_DEMO=1, but this database was first started outside demo mode (${mark.at}): demo mode would add ` +
        `users with a published password to it. Unset PAYDESK_DEMO, ${ownDirectory}`,
    );
  }
  const [someone] = await tx.select({ id: users.id }).from(users).limit(1);
  if (someone) {
    throw new Error(
      "PAYDESK_DEMO=1, but this database already has users and no record of being started in demo mode " +
        "(it predates that record), so it counts as a real one: demo mode would add users with a published " +
        `password to it. Unset PAYDESK_DEMO, ${ownDirectory} (A demo directory from before the record can be ` +
        "removed and started afresh.)",
    );
  }
  await tx.insert(settings).values({ key: FIRST_START_KEY, value: { mode: "demo", at: now.toISOString() } });
}
