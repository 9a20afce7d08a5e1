import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settings } from "@/lib/db/schema";
import { seedDemoUsers } from "@/lib/users/demo-users";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { FIRST_START_KEY, markProductionStart, readFirstStart } from "./first-start-mark";

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(() => testDb.close());

const monday = new Date("2026-03-02T09:00:00.000Z");
const tuesday = new Date("2026-03-03T09:00:00.000Z");

describe("the mark of a database's first start", () => {
  it("is written by a first start outside demo mode, after which demo mode refuses the database", async () => {
    expect(await markProductionStart(testDb.db, monday)).toEqual({
      mode: "production",
      at: monday.toISOString(),
    });
    await expect(seedDemoUsers(testDb.db)).rejects.toThrow(
      /first started outside demo mode \(2026-03-02T09:00:00\.000Z\)/,
    );
  });

  it("is never rewritten: later starts, and instances starting together, keep the first", async () => {
    const together = await Promise.all([
      markProductionStart(testDb.db, monday),
      markProductionStart(testDb.db, tuesday),
    ]);
    expect(together[0]).toEqual(together[1]);
    expect(await markProductionStart(testDb.db, new Date("2026-04-01T00:00:00.000Z"))).toEqual(together[0]);
  });

  it("says demo on a database demo mode started first: a production start learns it, and the demo may start again", async () => {
    await seedDemoUsers(testDb.db);
    expect(await markProductionStart(testDb.db, tuesday)).toMatchObject({ mode: "demo" });
    expect(await seedDemoUsers(testDb.db)).toBe(0);
  });

  it("counts a mark that does not read as one as production", async () => {
    await testDb.db.insert(settings).values({ key: FIRST_START_KEY, value: "demo" });
    expect(await readFirstStart(testDb.db)).toMatchObject({ mode: "production" });
    await expect(seedDemoUsers(testDb.db)).rejects.toThrow(/first started outside demo mode/);
  });
});
