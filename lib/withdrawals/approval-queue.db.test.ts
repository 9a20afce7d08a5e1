import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { setReportingCurrency } from "@/lib/books/reporting-currency";
import { requestRefund } from "@/lib/refunds/request-refund";
import { invoiceThatReceived, refundForm } from "@/test-support/money-rows";
import { insertQuotedInvoice } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { listAwaitingApproval } from "./approval-queue";
import { requestWithdrawal } from "./request-withdrawal";

let testDb: TestDb;
let sam: string;
let fran: string;
const LTC_ADDRESS = "ltc1q07e2s6rm32yj35a5z2vp042x2w7cpexcvudv6a";

beforeAll(async () => {
  testDb = await createTestDb();
  const person = (email: string, name: string, role: "support" | "finance") =>
    insertUser(testDb.db, { email, name, role, password: "a-long-password-1" });
  sam = (await person("sam@queue.test", "Sam Support", "support")).id;
  fran = (await person("fran@queue.test", "Fran Finance", "finance")).id;
});
afterAll(() => testDb.close());

const queueAsFran = () => listAwaitingApproval(testDb.db, { id: fran, role: "finance" });

async function rowOf(id: string) {
  const row = (await queueAsFran()).find((entry) => entry.id === id);
  if (!row) throw new Error(`request ${id} is not in the queue`);
  return row;
}

const quotedInvoice = (coin: string, fiat: string, fiatCurrency: string, crypto: string, hoursAgo: number) =>
  insertQuotedInvoice(testDb.db, { coin, fiat, fiatCurrency, crypto, hoursAgo });

describe("the approvals queue's context", () => {
  it("says who asked, why, and the fee rule; a coin the service has quoted no rate for has no fiat value", async () => {
    const request = await requestWithdrawal(
      testDb.db,
      openedWithdrawalForm({
        amount: "1.5",
        currency: "LTC",
        network: "LTC",
        address: LTC_ADDRESS,
        isSubtract: false,
        reason: "Pay the supplier for March",
      }),
      sam,
    );

    const row = await rowOf(request.id);

    expect(row).toMatchObject({
      requestedByName: "Sam Support",
      requestedByEmail: "sam@queue.test",
      reason: "Pay the supplier for March",
      amount: "1.5",
      currency: "LTC",
      isSubtract: false,
      refundOf: null,
      fiatValue: { kind: "unknown" },
    });
  });

  it("values a crypto payout at the latest rate the service quoted for its coin, and not at one older than a day", async () => {
    await quotedInvoice("USDT", "10.00", "EUR", "11.5", 2);
    const fresh = await requestWithdrawal(
      testDb.db,
      openedWithdrawalForm({ amount: "23", reason: "Affiliate payout" }),
      sam,
    );
    await quotedInvoice("BTC", "1000.00", "EUR", "0.01", 30);
    const stale = await requestWithdrawal(
      testDb.db,
      openedWithdrawalForm({ amount: "0.02", currency: "BTC", network: "BTC", reason: "Old rate only" }),
      sam,
    );

    expect((await rowOf(fresh.id)).fiatValue).toMatchObject({
      kind: "at-rate",
      amount: "20.00",
      currency: "EUR",
      rate: { coin: "USDT", basis: "quote" },
    });
    expect((await rowOf(stale.id)).fiatValue).toEqual({ kind: "unknown", currency: "EUR" });
  });

  it("gives the fiat amount of a payout asked in fiat", async () => {
    const request = await requestWithdrawal(
      testDb.db,
      openedWithdrawalForm({ amountIn: "fiat", amount: "", fiatAmount: "250", fiatCurrency: "EUR" }),
      sam,
    );

    expect((await rowOf(request.id)).fiatValue).toEqual({ kind: "asked", amount: "250", currency: "EUR" });
  });

  it("shows a refund's invoice as it is now, and values the refund at the rate of that invoice's payments", async () => {
    await setReportingCurrency(testDb.db, "USD", sam);
    const invoice = await invoiceThatReceived(testDb.db, { status: "overpaid", payments: ["10", "2"] });
    // The service reported what the 12 USDT received were worth in the invoice's fiat.
    await testDb.db
      .update(invoices)
      .set({ paidFiatAmount: "11.04", fiatCurrency: "USD" })
      .where(eq(invoices.id, invoice.id));
    const refund = await requestRefund(testDb.db, refundForm(invoice.id, "2"), sam);

    const row = await rowOf(refund.id);

    expect(row.refundOf).toMatchObject({
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      status: "overpaid",
    });
    expect(row.fiatValue).toMatchObject({
      kind: "at-rate",
      amount: "1.84",
      currency: "USD",
      rate: { invoiceId: invoice.id, orderId: invoice.orderId, basis: "payment" },
    });
    expect(row).toMatchObject({ requestedByName: "Sam Support", reason: "refund of the excess" });

    // The customer's invoice moves on: the queue says so, not what it was when the refund was asked.
    await testDb.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, invoice.id));
    expect((await rowOf(refund.id)).refundOf).toMatchObject({ status: "paid" });
  });

  it("lists the oldest request first", async () => {
    const queue = await queueAsFran();
    const created = queue.map((row) => row.createdAt);
    expect(created).toEqual([...created].sort());
    expect(queue.length).toBeGreaterThanOrEqual(5);
  });
});
