import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { approveWithdrawal } from "@/lib/withdrawals/decide";
import { closeWithdrawal } from "@/lib/withdrawals/close";
import { sendAgain } from "@/lib/withdrawals/send-again";
import {
  invoiceThatReceived,
  moveTo,
  refundForm,
  withdrawalById,
  openMoneyTestDb,
} from "@/test-support/money-rows";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { requestRefund } from "./request-refund";

const money = openMoneyTestDb();

const refundable = async (invoiceId: string) => (await loadRefundLedger(money.db, invoiceId))?.refundable;

/** A refund of 5 of an invoice overpaid by 5, sent, then reported failed by the service. */
async function failedRefund() {
  const { db } = money;
  const invoice = await invoiceThatReceived(db, { status: "overpaid", payments: ["10", "5"] });
  const refund = await requestRefund(db, refundForm(invoice.id, "5"), money.people.support);
  await moveTo(db, refund.id, "submitted", { serviceId: `svc_${refund.orderId}`, serviceStatus: "process" });
  await applyServiceReport(db, { orderId: refund.orderId, status: "fail" }, "webhook");
  expect(await withdrawalById(db, refund.id)).toMatchObject({ state: "service_failed" });
  return { invoice, refund };
}

describe("issue 22 case 2: a refund the service failed", () => {
  it("keeps its share until it is closed; closing gives it back and the invoice can be refunded again", async () => {
    const { invoice, refund } = await failedRefund();
    expect(await refundable(invoice.id)).toBe("10.000000");
    await expect(closeWithdrawal(money.db, refund.id, money.people.support, "no")).rejects.toThrow();

    await closeWithdrawal(
      money.db,
      refund.id,
      money.people.finance1,
      "The customer asked for another wallet.",
    );
    expect(await withdrawalById(money.db, refund.id)).toMatchObject({ state: "closed" });
    expect(await refundable(invoice.id)).toBe("15.000000");
    const again = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
    expect(again.state).toBe("awaiting_approval");
  });

  it("can be sent again: a new payout with its own order id awaits fresh approvals, never the requester's; the failed one is closed and hands its share over", async () => {
    const { invoice, refund } = await failedRefund();
    await expect(sendAgain(money.db, refund.id, money.people.support)).rejects.toThrow();

    const { withdrawal: resent } = await sendAgain(money.db, refund.id, money.people.finance1);
    expect(resent).toMatchObject({
      state: "awaiting_approval",
      resendOfWithdrawalId: refund.id,
      refundOfInvoiceId: invoice.id,
      requestedBy: money.people.support,
      amount: "5",
      address: refund.address,
    });
    expect(resent.orderId).not.toBe(refund.orderId);
    expect(await withdrawalById(money.db, refund.id)).toMatchObject({ state: "closed" });
    expect(await refundable(invoice.id)).toBe("10.000000");
    await expect(approveWithdrawal(money.db, resent.id, money.people.support)).rejects.toThrow();
    expect((await approveWithdrawal(money.db, resent.id, money.people.finance2)).fullyApproved).toBe(true);
    const linked = await money.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.refundOfInvoiceId, invoice.id));
    expect(linked).toHaveLength(2);
  });
});
