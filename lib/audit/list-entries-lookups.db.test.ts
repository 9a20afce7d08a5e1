import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingChanges, users } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { seedWithdrawal } from "@/test-support/withdrawal-rows";
import { auditCsvStream } from "./csv-export";
import { auditFilterQuery, parseAuditParams } from "./list-filter";
import { listAuditEntries, type AuditRow } from "./list-entries";
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from "./record";

let testDb: TestDb;
const ids: Record<string, string> = {};
const GONE = "9f000000-0000-4000-8000-000000000009";

async function addUser(email: string, name: string) {
  const [row] = await testDb.db
    .insert(users)
    .values({ email, name, role: "support", passwordHash: "x" })
    .returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

const byAction = (rows: AuditRow[], action: string) => rows.filter((row) => row.action === action);

beforeAll(async () => {
  testDb = await createTestDb();
  const db = testDb.db;
  ids.sam = await addUser("sam@example.test", "Sam Support");
  ids.ada = await addUser("ada@example.test", "Ada Admin");
  ids.gone = await addUser("gone@example.test", "Gone Person");
  const sam: AuditActor = { kind: "user", userId: ids.sam, email: "sam@example.test" };
  const ada: AuditActor = { kind: "user", userId: ids.ada, email: "ada@example.test" };
  const gone: AuditActor = { kind: "user", userId: ids.gone, email: "gone@example.test" };

  await insertListInvoices(db, [
    {
      orderId: "ORD-1",
      amount: "120.00",
      fiatCurrency: "EUR",
      currency: "USDT",
      createdAt: "2026-01-01T10:00:00Z",
    },
    { orderId: "ORD-2", amount: "120.00", fiatCurrency: "EUR", createdAt: "2026-01-01T11:00:00Z" },
  ]);
  const invoices = await db.query.invoices.findMany();
  ids.invoice = invoices.find((row) => row.orderId === "ORD-1")?.id ?? "";
  ids.copy = invoices.find((row) => row.orderId === "ORD-2")?.id ?? "";
  const refund = await seedWithdrawal(db, ids.sam, {
    orderId: "wd_refund",
    amount: "19.565217",
    refundOfInvoiceId: ids.invoice,
    state: "awaiting_approval",
  });
  ids.refund = refund.id;
  const [change] = await db
    .insert(pendingChanges)
    .values({
      kind: "grant_role",
      subject: `user:${ids.sam}`,
      targetUserId: ids.sam,
      payload: { role: "finance" },
      basis: { role: "support", disabled: false },
      proposedBy: ids.ada,
    })
    .returning({ id: pendingChanges.id });
  ids.change = change?.id ?? "";

  await recordAudit(db, sam, {
    action: "invoice.created",
    object: { type: "invoice", id: ids.invoice },
    after: { orderId: "ORD-1", amount: "120.00", fiatCurrency: "EUR" },
  });
  await recordAudit(db, sam, {
    action: "invoice.duplicated",
    object: { type: "invoice", id: ids.copy },
    after: { orderId: "ORD-2", amount: "120.00", fiatCurrency: "EUR", duplicateOf: ids.invoice },
  });
  await recordAudit(db, sam, {
    action: "withdrawal.requested",
    object: { type: "withdrawal", id: ids.refund },
    after: { state: "awaiting_approval" },
  });
  await recordAudit(db, ada, {
    action: "change.proposed",
    object: { type: "user", id: ids.sam },
    after: { role: "finance", disabled: false, change: ids.change },
  });
  await recordAudit(db, ada, {
    action: "change.rejected",
    object: { type: "user", id: ids.sam },
    after: { change: { id: ids.change, kind: "grant_role", description: "Make sam@example.test Finance" } },
  });
  // Objects that are gone, or that no row could be: the entries still list.
  await recordAudit(db, gone, { action: "invoice.sent_again", object: { type: "invoice", id: GONE } });
  await recordAudit(db, ada, {
    action: "service.connection_tested",
    object: { type: "service", id: "payments" },
  });
  await recordAudit(db, ada, {
    action: "change.cancelled",
    object: { type: "user", id: ids.sam },
    after: { change: "not-a-uuid" },
  });
  await db.delete(users).where(eq(users.id, ids.gone));
  // Sign-ins.
  await recordAudit(db, sam, { action: "auth.signed_in", object: { type: "user", id: ids.sam } });
  await recordAudit(db, { kind: "user", email: "x@example.test" }, { action: "auth.sign_in_failed" });
  await recordAudit(db, SYSTEM_ACTOR, { action: "auth.locked_out" });
});
afterAll(() => testDb?.close());

describe(`the audit page's lookups (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("finds, with each entry, its actor's name and the invoice, withdrawal, person or change it names", async () => {
    const { rows } = await listAuditEntries(testDb.db, {});
    const [created] = byAction(rows, "invoice.created");
    expect(created).toMatchObject({
      actorName: "Sam Support",
      invoice: { orderId: "ORD-1", amount: "120.00", fiatCurrency: "EUR", currency: "USDT" },
      withdrawal: null,
      objectUser: null,
      relatedInvoice: null,
      change: null,
    });
    expect(byAction(rows, "invoice.duplicated")[0]).toMatchObject({
      invoice: { orderId: "ORD-2" },
      relatedInvoice: { id: ids.invoice, orderId: "ORD-1" },
    });
    expect(byAction(rows, "withdrawal.requested")[0]).toMatchObject({
      withdrawal: {
        orderId: "wd_refund",
        amount: "19.565217",
        currency: "USDT",
        refundOfInvoiceId: ids.invoice,
      },
      relatedInvoice: { id: ids.invoice, orderId: "ORD-1" },
    });
    for (const action of ["change.proposed", "change.rejected"]) {
      expect(byAction(rows, action)[0]).toMatchObject({
        actorName: "Ada Admin",
        objectUser: { name: "Sam Support", email: "sam@example.test" },
        change: { kind: "grant_role", payload: { role: "finance" } },
      });
    }
  });

  it("lists an entry whose actor or object is gone, or whose object id is no row's", async () => {
    const { rows } = await listAuditEntries(testDb.db, {});
    expect(byAction(rows, "invoice.sent_again")[0]).toMatchObject({
      actorName: null,
      actorEmail: "gone@example.test",
      invoice: null,
    });
    expect(byAction(rows, "service.connection_tested")[0]).toMatchObject({
      objectId: "payments",
      invoice: null,
    });
    expect(byAction(rows, "change.cancelled")[0]).toMatchObject({ change: null });
  });

  it("leaves sign-ins out unless they are shown too, or alone, or their action is chosen", async () => {
    const actions = async (params: Record<string, string>) =>
      (await listAuditEntries(testDb.db, parseAuditParams(params))).rows.map((row) => row.action);
    expect(await actions({})).not.toContain("auth.signed_in");
    expect(await actions({})).toHaveLength(8);
    expect(await actions({ signIns: "show" })).toHaveLength(11);
    expect((await actions({ signIns: "only" })).sort()).toEqual(
      ["auth.locked_out", "auth.sign_in_failed", "auth.signed_in"].sort(),
    );
    expect(await actions({ action: "auth.signed_in" })).toEqual(["auth.signed_in"]);
    expect(await actions({ signIns: "everything" })).toHaveLength(8);
    expect(auditFilterQuery(parseAuditParams({ signIns: "only" })).toString()).toBe("signIns=only");
  });

  it("exports what the page shows: sign-ins only when they are shown", async () => {
    const lines = async (params: Record<string, string>) =>
      (await new Response(auditCsvStream(testDb.db, parseAuditParams(params))).text()).trim().split(/\r?\n/);
    expect(await lines({})).toHaveLength(9);
    expect((await lines({})).join("\n")).not.toContain("auth.signed_in");
    expect(await lines({ signIns: "show" })).toHaveLength(12);
  });
});
