import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, invoiceTransactions, notifications } from "@/lib/db/schema";
import { syncInvoiceReceipts } from "@/lib/ledger/sync-receipts";
import { approveWithdrawal } from "@/lib/withdrawals/decide";
import { submitWithdrawal } from "@/lib/withdrawals/submit-withdrawal";
import { toWithdrawalViews } from "@/lib/withdrawals/withdrawal-view";
import { FakePayoutService } from "@/test-support/fake-payout-service";
import {
  invoiceThatReceived,
  moveTo,
  refundForm,
  withdrawalById,
  openMoneyTestDb,
  resolveAs,
} from "@/test-support/money-rows";
import { requestRefund } from "./request-refund";

const money = openMoneyTestDb();

/** Underpaid 9 of 10; a refund of the 9 is requested; then the customer pays the missing 1. */
async function refundOfAnUnderpaymentThenCompleted() {
  const { db } = money;
  const invoice = await invoiceThatReceived(db, { status: "underpaid", payments: ["9"], isFinal: false });
  const refund = await requestRefund(db, refundForm(invoice.id, "9"), money.people.support);
  await db
    .update(invoices)
    .set({ status: "paid", serviceStatus: "paid", isFinal: true, paidCryptoAmount: "10" })
    .where(eq(invoices.id, invoice.id));
  await db
    .insert(invoiceTransactions)
    .values({ invoiceId: invoice.id, txid: `tx_rest_${invoice.id}`, amount: "1" });
  await syncInvoiceReceipts(db, invoice.id, { kind: "refresh" });
  return { invoice, refund };
}

describe("issue 22 case 3: a refund is checked against its invoice again", () => {
  it("at approval: an underpayment the customer completed is not refunded; the refund goes back to its requester with the reason", async () => {
    const { db } = money;
    const { refund } = await refundOfAnUnderpaymentThenCompleted();

    const outcome = await approveWithdrawal(db, refund.id, money.people.finance1).catch(
      (error: Error) => error,
    );

    const after = await withdrawalById(db, refund.id);
    expect(after.state).toBe("rejected");
    expect(after.rejectionReason).toMatch(/is paid now/);
    expect(JSON.stringify(outcome)).toMatch(/is paid now/);
    const told = await db.select().from(notifications).where(eq(notifications.objectId, refund.id));
    expect(told.map((row) => [row.userId, row.kind])).toContainEqual([
      money.people.support,
      "withdrawal.rejected",
    ]);
  });

  it("at submission: a refund approved before its exception was resolved otherwise is not sent", async () => {
    const { db } = money;
    const invoice = await invoiceThatReceived(db, { status: "overpaid", payments: ["10", "2"] });
    const refund = await requestRefund(db, refundForm(invoice.id, "2"), money.people.support);
    await moveTo(db, refund.id, "approved");
    await resolveAs(
      db,
      money.people.support,
      invoice.id,
      "marked_resolved",
      "Credited to the customer's account",
    );
    const service = new FakePayoutService();

    await submitWithdrawal(db, service, refund.id, { source: "loop" });

    expect(service.calls).toHaveLength(0);
    expect(await withdrawalById(db, refund.id)).toMatchObject({ state: "rejected" });
  });

  it("the approver sees the invoice's status now, what it received and its exception", async () => {
    const { db } = money;
    const { invoice, refund } = await refundOfAnUnderpaymentThenCompleted();
    const [view] = await toWithdrawalViews(db, [{ withdrawal: refund, requester: null }], {
      id: money.people.finance1,
      role: "finance",
    });
    expect(view?.refundOf).toMatchObject({
      invoiceId: invoice.id,
      status: "paid",
      received: "10",
      currency: "USDT",
      exception: null,
    });
  });
});
