import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { auditCsvStream } from "./csv-export";
import { parseAuditParams } from "./list-filter";
import { listAuditEntries } from "./list-entries";
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from "./record";

let testDb: TestDb;
const ana: AuditActor = {
  kind: "user",
  userId: "0b7c2f9e-3d4a-4c1e-9f00-000000000001",
  email: "Ana@example.test",
};
const bob: AuditActor = {
  kind: "user",
  userId: "0b7c2f9e-3d4a-4c1e-9f00-000000000002",
  email: "bob@example.test",
};
const W1 = "11111111-1111-4111-8111-111111111111";

beforeAll(async () => {
  testDb = await createTestDb();
  for (let i = 0; i < 7; i++) {
    await recordAudit(testDb.db, i % 2 ? bob : ana, {
      action: i === 0 ? "withdrawal.requested" : "invoice.created",
      object: i === 0 ? { type: "withdrawal", id: W1 } : { type: "invoice", id: `inv-${i}` },
      note: i === 6 ? '=HYPERLINK("x")' : null,
    });
  }
  await recordAudit(testDb.db, SYSTEM_ACTOR, {
    action: "withdrawal.closed",
    object: { type: "withdrawal", id: W1 },
    before: { state: "submitted" },
    after: { state: "paid" },
  });
});
afterAll(() => testDb?.close());

const notes = (rows: { action: string }[]) => rows.map((row) => row.action);

describe(`the audit page's query (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("filters by person (whole email, any case), action and object", async () => {
    const byAna = await listAuditEntries(testDb.db, parseAuditParams({ person: "ana@EXAMPLE.test" }));
    expect(byAna.rows).toHaveLength(4);
    expect(byAna.rows.every((row) => row.actorEmail === "Ana@example.test")).toBe(true);
    expect((await listAuditEntries(testDb.db, parseAuditParams({ person: "ana" }))).rows).toEqual([]);
    const trail = await listAuditEntries(
      testDb.db,
      parseAuditParams({ objectType: "withdrawal", objectId: W1 }),
    );
    expect(notes(trail.rows)).toEqual(["withdrawal.closed", "withdrawal.requested"]);
    const closed = await listAuditEntries(testDb.db, parseAuditParams({ action: "withdrawal.closed" }));
    expect(closed.rows).toMatchObject([{ actorKind: "system", after: { state: "paid" } }]);
  });

  it("filters by UTC day, both ends included", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await listAuditEntries(testDb.db, parseAuditParams({ dateFrom: today, dateTo: today }))).rows,
    ).toHaveLength(8);
    expect((await listAuditEntries(testDb.db, parseAuditParams({ dateTo: "2001-01-01" }))).rows).toEqual([]);
  });

  it("ignores what it cannot read instead of failing", () => {
    expect(
      parseAuditParams({ action: "drop table", objectType: "x", dateFrom: "2025-13-45", person: "a\u0000b" }),
    ).toEqual({});
  });

  it("pages newest first by keyset, forwards and back, with no row twice", async () => {
    const first = await listAuditEntries(testDb.db, {}, 3);
    const second = await listAuditEntries(testDb.db, { cursor: first.nextCursor ?? "" }, 3);
    const third = await listAuditEntries(testDb.db, { cursor: second.nextCursor ?? "" }, 3);
    const ids = [...first.rows, ...second.rows, ...third.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(8);
    expect(third.nextCursor).toBeNull();
    const back = await listAuditEntries(testDb.db, { cursor: second.prevCursor ?? "", dir: "prev" }, 3);
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
  });

  it("exports the filtered entries as CSV, in batches, formulas neutralised", async () => {
    const csv = await new Response(auditCsvStream(testDb.db, { person: "ana@example.test" }, 2)).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "at,actor_kind,actor_email,client_address,user_agent,action,object_type,object_id,before,after,note,id",
    );
    expect(lines).toHaveLength(5);
    expect(csv).toContain("'=HYPERLINK");
    expect(csv).not.toContain("bob@example.test");
  });
});
