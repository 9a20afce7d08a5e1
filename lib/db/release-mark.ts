import "server-only";
import { eq, sql } from "drizzle-orm";
import { OLDEST_RELEASE_ON_THIS_SCHEMA, raisedMark, releaseRefusal } from "@/lib/release/compatibility";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { settings } from "./schema";
import type { Db, DbOrTx } from "./types";

/** The oldest release allowed to start on this database (a ReleaseMark), raised by upgrades. */
export const OLDEST_ALLOWED_KEY = "release.oldest_allowed";
/** The release that started on this database last, and when. */
export const LAST_STARTED_KEY = "release.last_started";

export interface ReleaseRecord {
  oldestAllowed: unknown;
  lastStarted: unknown;
}

/**
 * The release marks as they stand, read before migrating: a fresh database has no settings table
 * yet (the migrations create it), and a database from before 0.9.0 has no marks in it.
 */
export async function readReleaseRecord(db: DbOrTx): Promise<ReleaseRecord> {
  const table = (await db.execute(sql`select to_regclass('settings') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!table.rows[0]?.present) return { oldestAllowed: null, lastStarted: null };
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  return { oldestAllowed: value(OLDEST_ALLOWED_KEY), lastStarted: value(LAST_STARTED_KEY) };
}

/** Before migrating: refuses a release older than the database's mark, naming both. */
export async function assertReleaseMayRun(db: DbOrTx, running = PAYDESK_VERSION): Promise<void> {
  const refusal = releaseRefusal(running, (await readReleaseRecord(db)).oldestAllowed);
  if (refusal) throw new Error(refusal);
}

/**
 * After migrating: raises the mark to what this release's schema needs (never lowers it, also when
 * instances start together) and records this start.
 */
export async function recordReleaseStart(
  db: Db,
  { running = PAYDESK_VERSION, oldestOnThisSchema = OLDEST_RELEASE_ON_THIS_SCHEMA, now = new Date() } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    // On a database with no mark the first insert wins; then the row lock serialises the raise.
    const first = raisedMark(null, running, oldestOnThisSchema, now);
    await tx
      .insert(settings)
      .values({ key: OLDEST_ALLOWED_KEY, value: first, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, OLDEST_ALLOWED_KEY))
      .for("update");
    const mark = raisedMark(row?.value ?? null, running, oldestOnThisSchema, now);
    if (mark) await upsert(tx, OLDEST_ALLOWED_KEY, mark, now);
    await upsert(tx, LAST_STARTED_KEY, { version: running, at: now.toISOString() }, now);
  });
}

async function upsert(db: DbOrTx, key: string, value: unknown, now: Date) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
