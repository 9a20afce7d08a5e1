import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceResolutions, invoices, invoiceTransactions, withdrawals } from "@/lib/db/schema";
import { newOrderId } from "@/lib/order-id";
import { transition } from "@/lib/withdrawals/transition";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { moveTo } from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import type { ValidRefundForm } from "./form-schema";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { suggestedRefund } from "./refund-prefill";
import { requestRefund } from "./request-refund";

let testDb: TestDb;
let support: string;
beforeAll(async () => {
  testDb = await createTestDb();
  support = (
    await insertUser(testDb.db, { email: "s@example.com", role: "support", password: "a-long-password-1" })
  ).id;
});
afterAll(() => testDb.close());

/** An invoice of 10 USDT on TRON that received `paid` in `payments` transactions. */
async function invoiceThatReceived(status: string, paid: string, payments: string[] = [paid]) {
  const orderId = newOrderId("inv");
  await insertListInvoices(testDb.db, [
    {
      orderId,
      status,
      currency: "USDT",
      network: "TRON",
      cryptoAmount: "10",
      paidCryptoAmount: paid,
      customerId: "cust-7",
      createdBy: support,
      createdAt: "2025-01-01T10:00:00Z",
    },
  ]);
  const [invoice] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw new Error("no invoice");
  await testDb.db.insert(invoiceTransactions).values(
    payments.map((amount, index) => ({
      invoiceId: invoice.id,
      txid: `tx-${orderId}-${index}`,
      amount,
      sourceWallet: index === 0 ? "TPayerWalletAddress000000000000001" : null,
    })),
  );
  return invoice;
}

const refundForm = (invoiceId: string, amount: string): ValidRefundForm => ({
  ...openedWithdrawalForm({ amount, customerId: "cust-7", reason: "refund" }),
  refundOfInvoiceId: invoiceId,
});

describe("refunding an invoice", () => {
  it("prefills the excess of an overpayment, the customer and a reason naming the invoice; wallets are suggestions", async () => {
    const invoice = await invoiceThatReceived("overpaid", "12.5", ["10", "2.5"]);
    const basis = await loadRefundLedger(testDb.db, invoice.id);
    expect(basis?.sourceWallets).toEqual(["TPayerWalletAddress000000000000001"]);
    if (!basis) throw new Error("no basis");
    expect(suggestedRefund(basis)).toEqual({
      amount: "2.5",
      customerId: "cust-7",
      reason: `Refund of invoice ${invoice.orderId}: the overpayment (2.5 USDT).`,
    });
  });

  it("prefills all that was received of an underpaid invoice", async () => {
    const invoice = await invoiceThatReceived("underpaid", "4.25");
    const basis = await loadRefundLedger(testDb.db, invoice.id);
    expect(basis && suggestedRefund(basis).amount).toBe("4.25");
  });

  it("links the refund to the invoice and refuses refunds that together pass what it received", async () => {
    const invoice = await invoiceThatReceived("overpaid", "12.5");
    const first = await requestRefund(testDb.db, refundForm(invoice.id, "10"), support);
    expect(first).toMatchObject({ refundOfInvoiceId: invoice.id, state: "awaiting_approval", amount: "10" });
    await expect(requestRefund(testDb.db, refundForm(invoice.id, "2.500001"), support)).rejects.toThrow(
      /At most 2\.5 USDT can still be refunded/,
    );
    await requestRefund(testDb.db, refundForm(invoice.id, "2.5"), support);
    expect((await loadRefundLedger(testDb.db, invoice.id))?.refundable).toBe("0.000000");
  });

  it("gives back the share of a refund that was rejected or cancelled, but not of one that failed", async () => {
    const invoice = await invoiceThatReceived("underpaid", "3");
    const rejected = await requestRefund(testDb.db, refundForm(invoice.id, "1"), support);
    const failed = await requestRefund(testDb.db, refundForm(invoice.id, "1"), support);
    await moveTo(testDb.db, rejected.id, "rejected");
    await moveTo(testDb.db, failed.id, "failed");
    expect((await loadRefundLedger(testDb.db, invoice.id))?.refundable).toBe("2.000000");
  });

  it("two refunds requested at once cannot together pass the cap", async () => {
    const invoice = await invoiceThatReceived("overpaid", "12");
    const results = await Promise.allSettled([
      requestRefund(testDb.db, refundForm(invoice.id, "7"), support),
      requestRefund(testDb.db, refundForm(invoice.id, "7"), support),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const linked = await testDb.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.refundOfInvoiceId, invoice.id));
    expect(linked).toHaveLength(1);
  });

  it("the same form sent twice makes one refund, even when it used up the cap", async () => {
    const invoice = await invoiceThatReceived("overpaid", "12");
    const form = refundForm(invoice.id, "12");
    const first = await requestRefund(testDb.db, form, support);
    expect((await requestRefund(testDb.db, form, support)).id).toBe(first.id);
  });

  it("refuses an invoice that is not an exception, another currency or network, and a fiat amount", async () => {
    const paid = await invoiceThatReceived("paid", "10");
    await expect(requestRefund(testDb.db, refundForm(paid.id, "1"), support)).rejects.toThrow(/is paid/);
    const over = await invoiceThatReceived("overpaid", "12");
    await expect(
      requestRefund(testDb.db, { ...refundForm(over.id, "1"), currency: "USDC" }, support),
    ).rejects.toThrow(/paid in USDT/);
    await expect(
      requestRefund(testDb.db, { ...refundForm(over.id, "1"), network: "ETH" }, support),
    ).rejects.toThrow(/paid on TRON/);
    await expect(
      requestRefund(testDb.db, { ...refundForm(over.id, ""), amountIn: "fiat", fiatAmount: "1" }, support),
    ).rejects.toMatchObject({ fieldErrors: { amount: [expect.any(String)] } });
  });

  it("a refund paid out resolves its invoice, naming who asked for it and why", async () => {
    const invoice = await invoiceThatReceived("overpaid", "12");
    const refund = await requestRefund(testDb.db, refundForm(invoice.id, "2"), support);
    await testDb.db.update(withdrawals).set({ state: "submitted" }).where(eq(withdrawals.id, refund.id));
    await transition(testDb.db, refund.id, { event: "service_paid", source: "webhook" });
    const [resolution] = await testDb.db
      .select()
      .from(invoiceResolutions)
      .where(eq(invoiceResolutions.invoiceId, invoice.id));
    expect(resolution).toMatchObject({
      kind: "refunded",
      resolvedBy: support,
      refundWithdrawalId: refund.id,
      note: "refund",
    });
  });
});
