import { describe, expect, it } from "vitest";
import { notifications } from "@/lib/db/schema";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { listPayoutsNeedingAttention } from "@/lib/withdrawals/attention";
import { closeWithdrawal, confirmNothingSent } from "@/lib/withdrawals/close";
import {
  invoiceThatReceived,
  moveTo,
  refundForm,
  withdrawalById,
  openMoneyTestDb,
} from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { requestRefund } from "./request-refund";

const money = openMoneyTestDb();

const refundable = async (invoiceId: string) => (await loadRefundLedger(money.db, invoiceId))?.refundable;
const paidReport = (orderId: string) => ({
  orderId,
  status: "paid",
  serviceId: `svc_${orderId}`,
  txid: "tx_1",
});

describe("issue 22 case 1: a payout closed here and paid at the service", () => {
  it("a refund closed as not sent, then reported paid, becomes a conflict that finance hears of, and takes its share back: a second refund of the same 5 is refused", async () => {
    const { db } = money;
    const invoice = await invoiceThatReceived(db, { status: "overpaid", payments: ["10", "5"] });
    const refund = await requestRefund(db, refundForm(invoice.id, "5"), money.people.support);
    // The service was down for 70 minutes; two people in finance confirmed nothing was sent.
    await moveTo(db, refund.id, "closed", {
      nothingSentAt: new Date(),
      nothingSentBy: money.people.finance2,
    });
    expect(await refundable(invoice.id)).toBe("15.000000");

    await applyServiceReport(db, paidReport(refund.orderId), "webhook");

    const after = await withdrawalById(db, refund.id);
    expect(after).toMatchObject({ state: "conflict", serviceStatus: "paid" });
    expect(after.reviewReason).toMatch(/closed here.*paid at the service/i);
    expect(await refundable(invoice.id)).toBe("10.000000");
    await expect(requestRefund(db, refundForm(invoice.id, "10.5"), money.people.support)).rejects.toThrow(
      /At most 10 USDT/,
    );
    expect((await listPayoutsNeedingAttention(db)).map((row) => row.id)).toContain(refund.id);
    const told = await db.select().from(notifications);
    expect(told.filter((row) => row.objectId === refund.id && row.kind === "withdrawal.conflict")).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: money.people.finance1 })]),
    );
  });

  it("an ordinary payout closed here and paid there is a conflict too, never a silent 'Closed'", async () => {
    const { db } = money;
    const payout = await requestWithdrawal(db, openedWithdrawalForm({ amount: "7" }), money.people.support);
    await moveTo(db, payout.id, "closed", {
      nothingSentAt: new Date(),
      nothingSentBy: money.people.finance2,
    });
    await applyServiceReport(db, paidReport(payout.orderId), "webhook");
    expect(await withdrawalById(db, payout.id)).toMatchObject({ state: "conflict", serviceStatus: "paid" });
  });

  it("a paid report on a payout that needs review pays it out", async () => {
    const { db } = money;
    const payout = await requestWithdrawal(db, openedWithdrawalForm({ amount: "3" }), money.people.support);
    await moveTo(db, payout.id, "needs_review");
    await applyServiceReport(db, paidReport(payout.orderId), "webhook");
    expect(await withdrawalById(db, payout.id)).toMatchObject({ state: "paid", serviceTxid: "tx_1" });
  });

  it("closing a refund whose outcome is unknown takes a second person in finance; until then it keeps its share", async () => {
    const { db } = money;
    const invoice = await invoiceThatReceived(db, { status: "overpaid", payments: ["10", "5"] });
    const refund = await requestRefund(db, refundForm(invoice.id, "5"), money.people.support);
    await moveTo(db, refund.id, "needs_review");

    await closeWithdrawal(db, refund.id, money.people.finance1, "Nothing in the service's back office.");
    expect(await withdrawalById(db, refund.id)).toMatchObject({
      state: "needs_review",
      closeProposedBy: money.people.finance1,
    });
    expect(await refundable(invoice.id)).toBe("10.000000");
    await expect(confirmNothingSent(db, refund.id, money.people.finance1)).rejects.toThrow(/second person/);
    await expect(confirmNothingSent(db, refund.id, money.people.support)).rejects.toThrow();

    await confirmNothingSent(db, refund.id, money.people.finance2);
    expect(await withdrawalById(db, refund.id)).toMatchObject({
      state: "closed",
      nothingSentBy: money.people.finance2,
    });
    expect(await refundable(invoice.id)).toBe("15.000000");
  });

  it("closing is refused while the service's last word is paid: the way out is Record paid", async () => {
    const { db } = money;
    const payout = await requestWithdrawal(db, openedWithdrawalForm({ amount: "4" }), money.people.support);
    await moveTo(db, payout.id, "conflict", { serviceStatus: "paid" });
    await expect(
      closeWithdrawal(db, payout.id, money.people.finance1, "We never meant to pay it."),
    ).rejects.toThrow(/reports this payout paid/);
    await moveTo(db, payout.id, "conflict", {
      closeProposedBy: money.people.finance1,
      closeProposedAt: new Date(),
    });
    await expect(confirmNothingSent(db, payout.id, money.people.finance2)).rejects.toThrow(/record it paid/);
    expect(await withdrawalById(db, payout.id)).toMatchObject({ state: "conflict" });
  });
});
