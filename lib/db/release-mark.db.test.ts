import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settings } from "@/lib/db/schema";
import { OLDEST_RELEASE_ON_THIS_SCHEMA } from "@/lib/release/compatibility";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import {
  assertReleaseMayRun,
  LAST_STARTED_KEY,
  OLDEST_ALLOWED_KEY,
  readReleaseRecord,
  recordReleaseStart,
} from "./release-mark";

/**
 * Issue 24, rollbacks: each release records the oldest release that may still run on the schema
 * it leaves, and a start of an older one refuses, naming both, only below that mark.
 */
let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(() => testDb.close());

const monday = new Date("2026-03-02T09:00:00.000Z");
const tuesday = new Date("2026-03-03T09:00:00.000Z");

async function storedMark() {
  const [row] = await testDb.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, OLDEST_ALLOWED_KEY));
  return row?.value;
}

describe("the release mark", () => {
  it("absent (a database from before 0.9.0): any release may start, and the start writes the mark and itself", async () => {
    expect(await readReleaseRecord(testDb.db)).toEqual({ oldestAllowed: null, lastStarted: null });
    await expect(assertReleaseMayRun(testDb.db, "0.8.0")).resolves.toBeUndefined();

    await recordReleaseStart(testDb.db, { running: "0.9.0", oldestOnThisSchema: "0.9.0", now: monday });
    expect(await readReleaseRecord(testDb.db)).toEqual({
      oldestAllowed: { oldestAllowed: "0.9.0", setBy: "0.9.0", at: monday.toISOString() },
      lastStarted: { version: "0.9.0", at: monday.toISOString() },
    });
  });

  it("on a database never migrated (no settings table yet): nothing to check", async () => {
    await testDb.db.execute(sql`drop table settings cascade`);
    expect(await readReleaseRecord(testDb.db)).toEqual({ oldestAllowed: null, lastStarted: null });
    await expect(assertReleaseMayRun(testDb.db, "0.1.0")).resolves.toBeUndefined();
  });

  it("refuses a release older than the mark, naming it, the release that set the mark and the mark", async () => {
    await recordReleaseStart(testDb.db, { running: "0.10.0", oldestOnThisSchema: "0.9.0", now: monday });
    await expect(assertReleaseMayRun(testDb.db, "0.8.0")).rejects.toThrow(
      "this is Paydesk 0.8.0, but the database was upgraded by Paydesk 0.10.0, which needs at least 0.9.0: " +
        "run Paydesk 0.9.0 or later (or restore the backup taken before the upgrade)",
    );
    await expect(assertReleaseMayRun(testDb.db, "0.8.99")).rejects.toThrow(/this is Paydesk 0\.8\.99/);
  });

  it("lets the mark's own release and every newer one start (a rollback down to the mark)", async () => {
    await recordReleaseStart(testDb.db, { running: "0.10.0", oldestOnThisSchema: "0.9.0", now: monday });
    for (const running of ["0.9.0", "0.9.1", "0.10.0", "1.0.0"]) {
      await expect(assertReleaseMayRun(testDb.db, running)).resolves.toBeUndefined();
    }
  });

  it("is never lowered: an older release, or one whose schema needs less, leaves it as it stands", async () => {
    await recordReleaseStart(testDb.db, { running: "0.11.0", oldestOnThisSchema: "0.11.0", now: monday });
    const raised = { oldestAllowed: "0.11.0", setBy: "0.11.0", at: monday.toISOString() };
    await recordReleaseStart(testDb.db, { running: "0.12.0", oldestOnThisSchema: "0.9.0", now: tuesday });
    await recordReleaseStart(testDb.db, { running: "0.11.0", oldestOnThisSchema: "0.11.0", now: tuesday });
    expect(await storedMark()).toEqual(raised);
    expect((await readReleaseRecord(testDb.db)).lastStarted).toEqual({
      version: "0.11.0",
      at: tuesday.toISOString(),
    });

    await recordReleaseStart(testDb.db, { running: "0.13.0", oldestOnThisSchema: "0.13.0", now: tuesday });
    expect(await storedMark()).toEqual({
      oldestAllowed: "0.13.0",
      setBy: "0.13.0",
      at: tuesday.toISOString(),
    });
  });

  it("instances of two releases starting together on a fresh database end on the higher mark", async () => {
    await Promise.all([
      recordReleaseStart(testDb.db, { running: "0.9.0", oldestOnThisSchema: "0.9.0", now: monday }),
      recordReleaseStart(testDb.db, { running: "0.10.0", oldestOnThisSchema: "0.10.0", now: monday }),
    ]);
    expect(await storedMark()).toMatchObject({ oldestAllowed: "0.10.0" });
  });

  it("refuses a mark it cannot read (a newer release's), and does not overwrite it", async () => {
    await testDb.db.insert(settings).values({ key: OLDEST_ALLOWED_KEY, value: "2.0.0-rc.1" });
    await expect(assertReleaseMayRun(testDb.db, "0.9.0")).rejects.toThrow(
      /this is Paydesk 0\.9\.0, but the database holds a release mark it cannot read \("2\.0\.0-rc\.1"\)/,
    );
    await recordReleaseStart(testDb.db, { running: "0.9.0", oldestOnThisSchema: "0.9.0", now: monday });
    expect(await storedMark()).toBe("2.0.0-rc.1");
  });

  it("this release writes its own version and the oldest release its schema allows", async () => {
    await recordReleaseStart(testDb.db, { now: monday });
    expect(await storedMark()).toEqual({
      oldestAllowed: OLDEST_RELEASE_ON_THIS_SCHEMA,
      setBy: PAYDESK_VERSION,
      at: monday.toISOString(),
    });
    const [last] = await testDb.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, LAST_STARTED_KEY));
    expect(last?.value).toEqual({ version: PAYDESK_VERSION, at: monday.toISOString() });
    await expect(assertReleaseMayRun(testDb.db)).resolves.toBeUndefined();
  });
});
