import { describe, expect, it } from "vitest";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { requestRefund } from "@/lib/refunds/request-refund";
import type { ServiceClient } from "@/lib/service";
import {
  invoiceThatReceived,
  moveTo,
  openMoneyTestDb,
  refundForm,
  withdrawalById,
} from "@/test-support/money-rows";
import { openedWithdrawalForm, serviceAnswer } from "@/test-support/withdrawal-rows";
import { applyServiceReport } from "./apply-service-report";
import { approveWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { sendAgain } from "./send-again";
import { submitWithdrawal } from "./submit-withdrawal";

const money = openMoneyTestDb();

/** A service that must not be called: the payout is stopped before anything is sent. */
const unreachable = new Proxy({} as ServiceClient, {
  get: () => () => {
    throw new Error("the service was called");
  },
});

/** Payout R1 failed at the service, and Send again made R2 (awaiting fresh approvals). */
async function failedAndSentAgain(first: { id: string; orderId: string }) {
  await moveTo(money.db, first.id, "submitted", {
    serviceId: `svc_${first.orderId}`,
    serviceStatus: "process",
  });
  await applyServiceReport(money.db, { orderId: first.orderId, status: "fail" }, "webhook");
  const { withdrawal: second } = await sendAgain(money.db, first.id, money.people.finance1);
  expect(second).toMatchObject({ state: "awaiting_approval", resendOfWithdrawalId: first.id });
  return second;
}

const paidReport = (orderId: string) => ({
  orderId,
  status: "paid",
  serviceId: `svc_${orderId}`,
  txid: "tx_r1",
});

describe("issue 34 case 2: a resend chain is one obligation", () => {
  it("a refund sent again is stopped before sending when the service then reports the first one paid: 5 refunded, never 10", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "5"] });
    const r1 = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
    const r2 = await failedAndSentAgain(r1);

    await applyServiceReport(money.db, paidReport(r1.orderId), "webhook");

    expect(await withdrawalById(money.db, r1.id)).toMatchObject({ state: "conflict" });
    const stopped = await withdrawalById(money.db, r2.id);
    expect(stopped.state).toBe("rejected");
    expect(stopped.rejectionReason).toContain(r1.orderId);
    expect((await loadRefundLedger(money.db, invoice.id))?.refundable).toBe("10.000000");
  });

  it("an ordinary payout sent again is stopped the same way, even once approved", async () => {
    const r1 = await requestWithdrawal(money.db, openedWithdrawalForm({ amount: "7" }), money.people.support);
    const r2 = await failedAndSentAgain(r1);
    await moveTo(money.db, r2.id, "approved");

    await applyServiceReport(money.db, paidReport(r1.orderId), "webhook");

    expect(await withdrawalById(money.db, r2.id)).toMatchObject({ state: "rejected" });
  });

  it("the submitter never sends a payout whose predecessor may have been paid", async () => {
    const r1 = await requestWithdrawal(money.db, openedWithdrawalForm({ amount: "6" }), money.people.support);
    const r2 = await failedAndSentAgain(r1);
    // The report came in by a way that moved nothing else (an older release, a person's edit).
    await moveTo(money.db, r1.id, "conflict", { serviceStatus: "paid" });
    await moveTo(money.db, r2.id, "approved");

    const outcome = await submitWithdrawal(money.db, unreachable, r2.id, { source: "loop" });

    expect(outcome.result).toBe("predecessor_paid");
    expect(await withdrawalById(money.db, r2.id)).toMatchObject({ state: "rejected" });
  });

  it("one already sent becomes a conflict beside its predecessor, saying what may have been paid twice", async () => {
    const r1 = await requestWithdrawal(money.db, openedWithdrawalForm({ amount: "8" }), money.people.support);
    const r2 = await failedAndSentAgain(r1);
    await moveTo(money.db, r2.id, "submitted", { serviceId: `svc_${r2.orderId}`, serviceStatus: "process" });

    await applyServiceReport(money.db, paidReport(r1.orderId), "webhook");

    const both = await withdrawalById(money.db, r2.id);
    expect(both.state).toBe("conflict");
    expect(both.reviewReason).toContain(r1.orderId);
    expect(both.reviewReason).toMatch(/16 USDT .* one payout of 8 USDT/);
  });

  it("one being sent when the news came becomes a conflict once the service answers", async () => {
    const r1 = await requestWithdrawal(money.db, openedWithdrawalForm({ amount: "4" }), money.people.support);
    const r2 = await failedAndSentAgain(r1);
    expect(await approveWithdrawal(money.db, r2.id, money.people.finance2)).toMatchObject({
      fullyApproved: true,
    });
    // The service answers R2's creation only after it reported R1 paid.
    const answering = {
      callBudgetMs: 1_000,
      createWithdrawal: async (input: { orderId: string; address: string; amount?: string }) => {
        await applyServiceReport(money.db, paidReport(r1.orderId), "webhook");
        return serviceAnswer(input);
      },
    } as unknown as ServiceClient;

    const outcome = await submitWithdrawal(money.db, answering, r2.id, { source: "user" });

    expect(outcome.result).toBe("conflict");
    const both = await withdrawalById(money.db, r2.id);
    expect(both.state).toBe("conflict");
    expect(both.reviewReason).toContain(r1.orderId);
  });

  it("one whose outcome was unknown when the news came is not sent again: it is a conflict", async () => {
    const r1 = await requestWithdrawal(money.db, openedWithdrawalForm({ amount: "3" }), money.people.support);
    const r2 = await failedAndSentAgain(r1);
    await moveTo(money.db, r2.id, "unknown", { nextSubmitAt: new Date() });
    await moveTo(money.db, r1.id, "conflict", { serviceStatus: "paid" });

    const outcome = await submitWithdrawal(money.db, unreachable, r2.id, { source: "loop" });

    expect(outcome.result).toBe("conflict");
    expect(await withdrawalById(money.db, r2.id)).toMatchObject({ state: "conflict", nextSubmitAt: null });
  });
});
