import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import {
  assertSchemaCurrent,
  describeMigrationStatus,
  readMigrationStatus,
  shippedMigrations,
} from "./migration-status";

/**
 * Issue 24: where the schema stands against the shipped migrations (npm run db:status), and the
 * refusal of a start with PAYDESK_MIGRATE=off on a schema behind the release.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(() => testDb?.close());

const shipped = shippedMigrations();
const last = shipped.at(-1);
if (!last) throw new Error("no migration shipped");

describe("the schema against this release's migrations", () => {
  it("is current once every shipped migration is applied, and a start may go on", async () => {
    const status = await readMigrationStatus(testDb.db);
    expect(status).toEqual({ pending: [], newer: 0, current: last.tag, shipped: shipped.length });
    expect(describeMigrationStatus(status)).toBe(
      `schema current (at ${last.tag}, ${shipped.length} migrations)`,
    );
    await expect(assertSchemaCurrent(testDb.db)).resolves.toBeUndefined();
  });

  it("from a newer release: counts the migrations this release does not know", async () => {
    const status = await readMigrationStatus(testDb.db, shipped.slice(0, -1));
    expect(status.newer).toBe(1);
    expect(status.pending).toEqual([]);
    expect(describeMigrationStatus(status)).toMatch(/1 migration\(s\) from a newer release/);
  });

  it("behind the release: names what is pending, and a start with PAYDESK_MIGRATE=off refuses with the command", async () => {
    await testDb.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
    const status = await readMigrationStatus(testDb.db);
    expect(status.pending).toEqual([last.tag]);
    expect(status.current).toBe(shipped.at(-2)?.tag);
    await expect(assertSchemaCurrent(testDb.db)).rejects.toThrow(
      new RegExp(`1 migration\\(s\\) pending: ${last.tag}.*npm run db:migrate`),
    );
  });

  it("on a database never migrated: everything is pending", async () => {
    await testDb.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    const status = await readMigrationStatus(testDb.db);
    expect(status.pending).toEqual(shipped.map((migration) => migration.tag));
    expect(status.current).toBeNull();
  });
});
