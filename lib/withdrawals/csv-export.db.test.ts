import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { readExportBatches, CSV_COLUMNS, exportCsvStream, exportFileName } from "./csv-export";
import { eq } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { insertWithdrawals, seedRequester } from "@/test-support/withdrawal-rows";
import { parseCsv } from "@/test-support/parse-csv";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  const requester = await seedRequester(testDb.db, "req@example.test");
  await insertWithdrawals(testDb.db, requester, [
    {
      orderId: "wd_formula",
      state: "paid",
      serviceStatus: "paid",
      serviceId: "svc-1",
      amount: "12345678901234567890.123456789",
      serviceAmount: "0.000000000000000001",
      serviceFee: "1.5",
      servicePayoutAmount: "8.5",
      serviceTxid: "tx-formula",
      serviceUpdatedAt: new Date("2025-01-02T08:30:00Z"),
      customerId: '=HYPERLINK("http://evil")',
      reason: '+cmd|" /C calc"!A0, "quoted"\nnext line',
      createdAt: "2025-01-01T12:00:00.123456Z",
    },
    {
      orderId: "wd_fiat",
      state: "awaiting_approval",
      amount: null,
      fiatAmount: "100.50",
      fiatCurrency: "EUR",
      isSubtract: false,
      customerId: "@cust",
      createdAt: "2025-01-01T11:00:00Z",
    },
    ...Array.from({ length: 8 }, (_, i) => ({
      orderId: `wd_bulk${i}`,
      createdAt: `2024-12-0${i + 1}T00:00:00Z`,
    })),
  ]);
});
afterAll(() => testDb.close());

const exportText = (filter = {}, batchSize?: number) =>
  new Response(exportCsvStream(testDb.db, filter, batchSize)).text();

describe("withdrawal CSV export", () => {
  it("writes the header, every row newest first, decimals as stored, formulas neutralised", async () => {
    const [header, ...rows] = parseCsv(await exportText({}, 3));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(10);
    const record = (index: number) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows[index]?.[i]]));
    expect(record(0)).toMatchObject({
      order_id: "wd_formula",
      state: "paid",
      amount: "12345678901234567890.123456789",
      service_amount: "0.000000000000000001",
      fee: "1.5",
      fee_reported: "true",
      amount_received: "8.5",
      transaction_id: "tx-formula",
      paid_at: "2025-01-02T08:30:00.000Z",
      customer_id: `'=HYPERLINK("http://evil")`,
      reason: `'+cmd|" /C calc"!A0, "quoted"\nnext line`,
      requested_by: "req@example.test",
      created_at: "2025-01-01T12:00:00.123456Z",
    });
    expect(record(1)).toMatchObject({
      paid_at: "",
      amount: "",
      fiat_amount: "100.50",
      fiat_currency: "EUR",
      is_subtract: "false",
      // The service said nothing of a fee: empty and marked so, never 0.
      fee: "",
      fee_reported: "false",
      amount_received: "",
      customer_id: "'@cust",
    });
    expect(rows.slice(2).map((row) => row[0])).toEqual(
      Array.from({ length: 8 }, (_, i) => `wd_bulk${7 - i}`),
    );
  });

  it("names the invoice a refund gives back to, and the payout one was sent again for", async () => {
    // A database of its own: the other tests count the rows above.
    const own = await createTestDb();
    try {
      const requester = await seedRequester(own.db);
      await insertListInvoices(own.db, [
        {
          orderId: "inv_refunded",
          status: "overpaid",
          amount: "10",
          fiatCurrency: "EUR",
          createdAt: "2025-02-01T00:00:00Z",
        },
      ]);
      const [invoice] = await own.db.select().from(invoices).where(eq(invoices.orderId, "inv_refunded"));
      const [first] = await insertWithdrawals(own.db, requester, [
        {
          orderId: "wd_refund_first",
          state: "closed",
          refundOfInvoiceId: invoice?.id,
          createdAt: "2025-02-02T00:00:00Z",
        },
      ]);
      await insertWithdrawals(own.db, requester, [
        {
          orderId: "wd_refund_again",
          refundOfInvoiceId: invoice?.id,
          resendOfWithdrawalId: first?.id,
          createdAt: "2025-02-03T00:00:00Z",
        },
      ]);
      const [header, ...rows] = parseCsv(await new Response(exportCsvStream(own.db, {})).text());
      const records = rows.map((row) => Object.fromEntries((header ?? []).map((c, i) => [c, row[i]])));
      expect(records).toEqual([
        expect.objectContaining({
          order_id: "wd_refund_again",
          refund_of_invoice: "inv_refunded",
          resend_of: "wd_refund_first",
        }),
        expect.objectContaining({
          order_id: "wd_refund_first",
          refund_of_invoice: "inv_refunded",
          resend_of: "",
        }),
      ]);
    } finally {
      await own.close();
    }
  });

  it("applies the list's filters, and still writes a header when nothing matches", async () => {
    const [, ...rows] = parseCsv(await exportText({ state: "awaiting_approval" }));
    expect(rows.map((row) => row[0])).toEqual(["wd_fiat"]);
    expect(parseCsv(await exportText({ q: "nobody" }))).toEqual([[...CSV_COLUMNS]]);
  });

  it("reads in keyset batches of the given size", async () => {
    const sizes: number[] = [];
    for await (const batch of readExportBatches(testDb.db, {}, 4)) sizes.push(batch.length);
    expect(sizes).toEqual([4, 4, 2]);
    expect(exportFileName(new Date("2025-03-04T10:00:00Z"))).toBe("withdrawals-20250304.csv");
  });
});
