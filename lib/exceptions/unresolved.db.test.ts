import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "@/lib/audit/record";
import { auditLog, invoices } from "@/lib/db/schema";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { exceptionKind } from "./exception-status";
import { recordResolution } from "./record-resolution";
import { countUnresolvedExceptions } from "./unresolved";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(testDb.db, [
    { orderId: "over", status: "overpaid", paidCryptoAmount: "12", createdAt: "2025-01-01T10:00:00Z" },
    { orderId: "under", status: "underpaid", paidCryptoAmount: "3", createdAt: "2025-01-01T11:00:00Z" },
    { orderId: "late", status: "expired", paidCryptoAmount: "0.5", createdAt: "2025-01-01T12:00:00Z" },
    { orderId: "unpaid", status: "expired", paidCryptoAmount: "0", createdAt: "2025-01-01T13:00:00Z" },
    { orderId: "never", status: "expired", createdAt: "2025-01-01T13:30:00Z" },
    { orderId: "fine", status: "paid", paidCryptoAmount: "10", createdAt: "2025-01-01T14:00:00Z" },
    {
      orderId: "refused",
      status: "overpaid",
      creationState: "rejected",
      createdAt: "2025-01-01T15:00:00Z",
    },
  ]);
});
afterAll(() => testDb.close());

describe("unresolved exceptions", () => {
  it("are the overpaid, the underpaid and the expired with a payment", async () => {
    expect(await countUnresolvedExceptions(testDb.db)).toBe(3);
    expect(await countUnresolvedExceptions(testDb.db, 2)).toBe(2);
  });

  it("agree with exceptionKind row by row", async () => {
    const rows = await testDb.db.select().from(invoices);
    const kinds = Object.fromEntries(
      rows.map((row) => [row.orderId, row.creationState === "created" ? exceptionKind(row) : null]),
    );
    expect(kinds).toEqual({
      over: "overpaid",
      under: "underpaid",
      late: "expired_with_payment",
      unpaid: null,
      never: null,
      fine: null,
      refused: null,
    });
  });

  it("leave the count once resolved, and a resolution is written once, with its audit entry", async () => {
    const [over] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "over"));
    const resolution = {
      invoiceId: over?.id ?? "",
      kind: "marked_resolved" as const,
      note: "Credited",
      resolvedBy: null,
    };
    expect(await recordResolution(testDb.db, SYSTEM_ACTOR, resolution)).toBe(true);
    expect(await recordResolution(testDb.db, SYSTEM_ACTOR, { ...resolution, note: "again" })).toBe(false);
    expect(await countUnresolvedExceptions(testDb.db)).toBe(2);
    const entries = await testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, over?.id ?? ""));
    expect(entries.map((entry) => [entry.action, entry.note])).toEqual([["invoice.resolved", "Credited"]]);
  });
});
