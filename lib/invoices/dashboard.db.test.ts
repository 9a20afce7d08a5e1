import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents, invoiceResolutions, invoices, invoiceTransactions } from "@/lib/db/schema";
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
  await seedPaymentsAndResolutions();
});
afterAll(() => testDb.close());

describe("the home page's paid volume", () => {
  it("counts a paid invoice with no payment recorded once, on the UTC day of its last status change, from the window only", async () => {
    expect(await inCurrency("USD")).toEqual([
      { day: "2025-03-02", fiatCurrency: "USD", amount: "7.25" },
      { day: "2025-03-03", fiatCurrency: "USD", amount: "12.50" },
    ]);
  });
});

/**
 * The cases of issue 22, item 11, each in a currency of its own so every test reads only its rows.
 * EUR: the payment's day against the status change's. GBP: underpaid invoices, accepted as paid or not.
 */
async function seedPaymentsAndResolutions() {
  const db = testDb.db;
  await insertListInvoices(db, [
    // Paid on 10 March; the service's status change reached Paydesk on 11 March.
    {
      orderId: "paid-d",
      status: "paid",
      fiatCurrency: "EUR",
      paidFiatAmount: "40.00",
      createdAt: "2025-03-10T08:00:00Z",
    },
    // Two payments, the last one on 12 March; the first before the window.
    {
      orderId: "paid-twice",
      status: "paid",
      fiatCurrency: "EUR",
      paidFiatAmount: "5.00",
      createdAt: "2025-02-25T08:00:00Z",
    },
    // Paid before the window, its status change only seen inside it: not in the window's volume.
    {
      orderId: "paid-before",
      status: "paid",
      fiatCurrency: "EUR",
      paidFiatAmount: "70.00",
      createdAt: "2025-02-27T08:00:00Z",
    },
    // Underpaid, accepted as paid: counts with what was paid.
    {
      orderId: "under-accepted",
      status: "underpaid",
      fiatCurrency: "GBP",
      paidFiatAmount: "9.00",
      createdAt: "2025-03-05T08:00:00Z",
    },
    // Underpaid, accepted as paid, then more money reopened it: no longer counts.
    {
      orderId: "under-reopened",
      status: "underpaid",
      fiatCurrency: "GBP",
      paidFiatAmount: "3.00",
      createdAt: "2025-03-05T09:00:00Z",
    },
    // Underpaid and resolved another way: not paid volume.
    {
      orderId: "under-refunded",
      status: "underpaid",
      fiatCurrency: "GBP",
      paidFiatAmount: "4.00",
      createdAt: "2025-03-05T10:00:00Z",
    },
    // Underpaid, nobody decided yet: not paid volume.
    {
      orderId: "under-open",
      status: "underpaid",
      fiatCurrency: "GBP",
      paidFiatAmount: "6.00",
      createdAt: "2025-03-05T11:00:00Z",
    },
  ]);
  const rows = await db.select({ id: invoices.id, orderId: invoices.orderId }).from(invoices);
  const id = (orderId: string) => rows.find((row) => row.orderId === orderId)?.id ?? "";
  const payment = (orderId: string, at: string, txid: string) => ({
    invoiceId: id(orderId),
    txid,
    amount: "1",
    firstSeenAt: new Date(at),
  });
  await db
    .insert(invoiceTransactions)
    .values([
      payment("paid-d", "2025-03-10T23:30:00Z", "tx-d"),
      payment("paid-twice", "2025-02-26T10:00:00Z", "tx-2a"),
      payment("paid-twice", "2025-03-12T10:00:00Z", "tx-2b"),
      payment("paid-before", "2025-02-28T23:00:00Z", "tx-b"),
      payment("under-accepted", "2025-03-06T10:00:00Z", "tx-ua"),
      payment("under-reopened", "2025-03-06T11:00:00Z", "tx-ur"),
      payment("under-refunded", "2025-03-06T12:00:00Z", "tx-uf"),
      payment("under-open", "2025-03-06T13:00:00Z", "tx-uo"),
    ]);
  const changed = (orderId: string, at: string, toStatus: string) => ({
    invoiceId: id(orderId),
    kind: "status_changed" as const,
    toStatus,
    source: "webhook" as const,
    createdAt: new Date(at),
  });
  await db
    .insert(invoiceEvents)
    .values([
      changed("paid-d", "2025-03-11T00:30:00Z", "paid"),
      changed("paid-twice", "2025-03-13T09:00:00Z", "paid"),
      changed("paid-before", "2025-03-01T01:00:00Z", "paid"),
      changed("under-accepted", "2025-03-07T10:00:00Z", "underpaid"),
      changed("under-reopened", "2025-03-07T11:00:00Z", "underpaid"),
      changed("under-refunded", "2025-03-07T12:00:00Z", "underpaid"),
      changed("under-open", "2025-03-07T13:00:00Z", "underpaid"),
    ]);
  await db.insert(invoiceResolutions).values([
    { invoiceId: id("under-accepted"), kind: "accepted_as_paid", note: "Close enough." },
    {
      invoiceId: id("under-reopened"),
      kind: "accepted_as_paid",
      note: "Close enough.",
      reopenedAt: new Date("2025-03-08T00:00:00Z"),
      reopenedReason: "More money arrived.",
    },
    { invoiceId: id("under-refunded"), kind: "refunded", note: "Sent back." },
  ]);
}

const inCurrency = async (currency: string) =>
  (await paidVolumeByDay(testDb.db, since)).filter((row) => row.fiatCurrency === currency);

describe("the home page's paid volume, by the payment's day (issue 22, item 11)", () => {
  it("counts an invoice on the day of its last payment, not of its last status change", async () => {
    expect(await inCurrency("EUR")).toEqual([
      { day: "2025-03-10", fiatCurrency: "EUR", amount: "40.00" },
      { day: "2025-03-12", fiatCurrency: "EUR", amount: "5.00" },
    ]);
  });

  it("counts an underpaid invoice accepted as paid, while that resolution is in force", async () => {
    expect(await inCurrency("GBP")).toEqual([{ day: "2025-03-06", fiatCurrency: "GBP", amount: "9.00" }]);
  });
});
