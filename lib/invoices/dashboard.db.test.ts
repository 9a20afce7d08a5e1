import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents, invoices } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { paidVolumeByDay } from "./dashboard";

let testDb: TestDb;
const since = new Date("2025-03-01T00:00:00Z");

beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(testDb.db, [
    // Paid inside the window, after an earlier change before it: counts on its last change's day.
    { orderId: "late", status: "paid", paidFiatAmount: "12.50", createdAt: "2025-02-20T10:00:00Z" },
    // Its last change before the window: not counted.
    { orderId: "early", status: "paid", paidFiatAmount: "99.00", createdAt: "2025-02-01T10:00:00Z" },
    // Overpaid, no paid fiat amount recorded: counted at the invoiced amount.
    { orderId: "over", status: "overpaid", amount: "7.25", createdAt: "2025-03-02T08:00:00Z" },
    // Changed in the window but not paid: not counted.
    { orderId: "expired", status: "expired", createdAt: "2025-03-02T09:00:00Z" },
  ]);
  const rows = await testDb.db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(inArray(invoices.orderId, ["late", "early", "over", "expired"]));
  const id = (orderId: string) => rows.find((row) => row.orderId === orderId)?.id ?? "";
  const change = (orderId: string, at: string, toStatus: string) => ({
    invoiceId: id(orderId),
    kind: "status_changed" as const,
    toStatus,
    source: "webhook" as const,
    createdAt: new Date(at),
  });
  await testDb.db.insert(invoiceEvents).values([
    change("late", "2025-02-20T10:30:00Z", "underpaid"),
    change("late", "2025-03-03T12:00:00Z", "paid"),
    change("early", "2025-02-01T11:00:00Z", "paid"),
    change("over", "2025-03-02T23:59:59Z", "overpaid"),
    change("expired", "2025-03-02T10:00:00Z", "expired"),
    // Another kind of event in the window does not make an invoice's last change.
    { ...change("early", "2025-03-04T00:00:00Z", "paid"), kind: "webhook_received" as const },
  ]);
});
afterAll(() => testDb.close());

describe("the home page's paid volume", () => {
  it("counts each paid invoice once, on the UTC day of its last status change, from the window only", async () => {
    expect(await paidVolumeByDay(testDb.db, since)).toEqual([
      { day: "2025-03-02", fiatCurrency: "USD", amount: "7.25" },
      { day: "2025-03-03", fiatCurrency: "USD", amount: "12.50" },
    ]);
  });
});
