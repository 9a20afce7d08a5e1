import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { recordAudit } from "./record";

let testDb: TestDb;

/** The database's own refusal, under the query wrapper's "Failed query" message. */
async function refusal(query: Promise<unknown>): Promise<string> {
  const error: unknown = await query.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  const cause = (error as { cause?: { message?: string } } | null)?.cause;
  return cause?.message ?? String(error);
}
beforeAll(async () => {
  testDb = await createTestDb();
  await recordAudit(testDb.db, { kind: "system" }, { action: "settings.changed", note: "first" });
});
afterAll(() => testDb.close());

describe("the audit log is append-only, enforced by the database", () => {
  it("takes new entries", async () => {
    const rows = await testDb.db.select().from(auditLog);
    expect(rows.map((row) => row.note)).toEqual(["first"]);
  });

  it("refuses UPDATE", async () => {
    expect(await refusal(testDb.db.update(auditLog).set({ note: "rewritten" }).execute())).toMatch(
      /append-only: UPDATE/,
    );
  });

  it("refuses DELETE", async () => {
    expect(await refusal(testDb.db.delete(auditLog).execute())).toMatch(/append-only: DELETE/);
  });

  it("refuses TRUNCATE", async () => {
    expect(await refusal(testDb.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
  });

  it("still holds the original entry after every refusal", async () => {
    const rows = await testDb.db.select().from(auditLog);
    expect(rows.map((row) => row.note)).toEqual(["first"]);
  });
});
