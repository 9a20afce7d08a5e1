import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookRateLimits } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { createUnverifiedLimiter, postgresPoolOf } from "./unverified-limiter";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

describe("the unverified webhook limiter on PostgreSQL", () => {
  it("finds a node-postgres pool behind the database, and none behind PGlite", () => {
    expect(postgresPoolOf(testDb.db) !== undefined).toBe(testDb.kind === "postgres");
  });

  it("shares its counters between instances through the database", async (context) => {
    const pool = postgresPoolOf(testDb.db);
    if (!pool) return context.skip("PGlite serves one process: its limiter counts in memory");
    const perAddress = { points: 3, durationSeconds: 60 };
    const [one, two] = [
      createUnverifiedLimiter({ pool, perAddress }),
      createUnverifiedLimiter({ pool, perAddress }),
    ];
    expect(await one.admit("192.0.2.9")).toBe(0);
    expect(await two.admit("192.0.2.9")).toBe(0);
    expect(await one.admit("192.0.2.9")).toBe(0);
    expect(await two.admit("192.0.2.9")).toBeGreaterThan(0);
    expect(await one.admit("192.0.2.10")).toBe(0);
    const rows = await testDb.db.select().from(webhookRateLimits);
    expect(rows.map((row) => row.key).sort()).toEqual(
      expect.arrayContaining(["webhook-unverified-address:192.0.2.9", "webhook-unverified-all:all"]),
    );
  });
});
