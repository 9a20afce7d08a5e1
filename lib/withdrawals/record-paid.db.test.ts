import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isRuleError } from "@/lib/auth/rule-error";
import { notifications } from "@/lib/db/schema";
import { findLedgerDifferences } from "@/lib/ledger/check";
import { invoiceLedger } from "@/lib/ledger-lines/read-lines";
import { requestRefund } from "@/lib/refunds/request-refund";
import {
  invoiceThatReceived,
  moveTo,
  openMoneyTestDb,
  refundForm,
  withdrawalById,
} from "@/test-support/money-rows";
import { applyServiceReport } from "./apply-service-report";
import { closeWithdrawal } from "./close";
import { confirmPaid, declinePaid, proposePaid } from "./record-paid";
import { withdrawalTrail } from "./trail";

const money = openMoneyTestDb();

const backOffice = {
  amount: "5",
  txid: "0xseen-in-the-back-office",
  note: "Paid on the service's payouts page.",
};

/** A refund of 5 USDT of an overpaid invoice, sent, whose outcome is unknown: it needs review. */
async function refundNeedingReview() {
  const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["15"] });
  const refund = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
  await moveTo(money.db, refund.id, "needs_review", {
    serviceId: `svc_${refund.orderId}`,
    serviceStatus: "process",
  });
  return { invoice, refund };
}

async function refusal(attempt: Promise<unknown>) {
  const error: unknown = await attempt.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isRuleError(error)) throw new Error(`expected a RuleError, got ${String(error)}`);
  return { message: error.message, fieldErrors: error.fieldErrors };
}

describe("Record paid takes two people in finance, as closing does", () => {
  it("one proposes with what the back office shows; the same person cannot confirm; a second one confirms, and the books follow", async () => {
    const { invoice, refund } = await refundNeedingReview();
    const { finance1, finance2, finance3 } = money.people;
    const proposed = await proposePaid(money.db, refund.id, finance1, backOffice);
    expect(proposed).toMatchObject({
      state: "needs_review",
      paidProposedBy: finance1,
      paidProposedAmount: "5",
      paidProposedTxid: backOffice.txid,
      paidProposedNote: backOffice.note,
    });
    const told = await money.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.objectId, refund.id), eq(notifications.kind, "withdrawal.paid_proposed")));
    expect(told.map((row) => row.userId).sort()).toEqual([finance2, finance3].sort());

    expect((await refusal(confirmPaid(money.db, refund.id, finance1))).message).toMatch(
      /a second person in finance must confirm/,
    );
    expect((await refusal(proposePaid(money.db, refund.id, finance2, backOffice))).message).toMatch(
      /proposed already/,
    );
    // One proposal at a time: closing it waits until this one is decided.
    expect((await refusal(closeWithdrawal(money.db, refund.id, finance2, "never sent"))).message).toMatch(
      /Recording it paid was proposed/,
    );
    expect(await withdrawalById(money.db, refund.id)).toMatchObject({ state: "needs_review" });

    const paid = await confirmPaid(money.db, refund.id, finance2);
    expect(paid).toMatchObject({ state: "paid", serviceTxid: backOffice.txid, paidProposedBy: null });
    expect(await findLedgerDifferences(money.db)).toEqual([]);
    expect((await invoiceLedger(money.db, invoice.id))?.figures).toEqual([
      { currency: "USDT", received: "15", refunded: "5", held: "0", leftToRefund: "10" },
    ]);
    expect((await withdrawalTrail(money.db, refund.id)).slice(-2)).toMatchObject([
      { action: "withdrawal.paid_proposed", actorId: finance1, reason: backOffice.note },
      {
        action: "withdrawal.recorded_paid",
        actorId: finance2,
        fromState: "needs_review",
        toState: "paid",
        reason: expect.stringContaining(backOffice.txid),
        detail: { txid: backOffice.txid, amount: "5", proposedBy: finance1 },
      },
    ]);
  });

  it("an amount that is not the payout's is refused on its field, and so are more decimals than the coin has", async () => {
    const { refund } = await refundNeedingReview();
    const wrong = await refusal(
      proposePaid(money.db, refund.id, money.people.finance1, { ...backOffice, amount: "4.9" }),
    );
    expect(wrong.fieldErrors?.amount?.[0]).toMatch(
      /This payout is 5 USDT, not 4.9 USDT.*cannot be recorded paid/,
    );
    const fine = await refusal(
      proposePaid(money.db, refund.id, money.people.finance1, { ...backOffice, amount: "5.0000001" }),
    );
    expect(fine.fieldErrors).toEqual({ amount: ["USDT amounts have at most 6 decimals."] });
    // The same amount written another way is the same amount.
    await proposePaid(money.db, refund.id, money.people.finance1, { ...backOffice, amount: "5.000" });
    expect(await withdrawalById(money.db, refund.id)).toMatchObject({ paidProposedAmount: "5.000" });
  });

  it("the requester neither proposes nor confirms; a declined proposal leaves it to review", async () => {
    const { refund } = await refundNeedingReview();
    const requester = money.people.finance3;
    const own = await refundNeedingReview();
    await moveTo(money.db, own.refund.id, "needs_review", { requestedBy: requester });
    expect((await refusal(proposePaid(money.db, own.refund.id, requester, backOffice))).message).toMatch(
      /You requested this withdrawal/,
    );
    await proposePaid(money.db, own.refund.id, money.people.finance1, backOffice);
    expect((await refusal(confirmPaid(money.db, own.refund.id, requester))).message).toMatch(
      /You requested this withdrawal/,
    );

    await proposePaid(money.db, refund.id, money.people.finance1, backOffice);
    expect(await declinePaid(money.db, refund.id, money.people.finance2)).toMatchObject({
      state: "needs_review",
      paidProposedBy: null,
      paidProposedTxid: null,
    });
    expect((await withdrawalTrail(money.db, refund.id)).at(-1)).toMatchObject({
      action: "withdrawal.paid_declined",
      actorId: money.people.finance2,
    });
    expect((await refusal(confirmPaid(money.db, refund.id, money.people.finance2))).message).toMatch(
      /Nobody has proposed/,
    );
  });

  it("a fail report after it was recorded paid is a conflict, as before, and the books take the money back", async () => {
    const { invoice, refund } = await refundNeedingReview();
    await proposePaid(money.db, refund.id, money.people.finance1, backOffice);
    await confirmPaid(money.db, refund.id, money.people.finance2);
    const result = await applyServiceReport(money.db, { orderId: refund.orderId, status: "fail" }, "webhook");
    expect(result).toMatchObject({ kind: "conflict", withdrawal: { state: "conflict" } });
    expect(result.kind === "conflict" ? result.why : "").toMatch(
      /Paid out here, but the service now reports “failed”/,
    );
    expect(await findLedgerDifferences(money.db)).toEqual([]);
    const lines = (await invoiceLedger(money.db, invoice.id))?.lines ?? [];
    expect(lines.at(-1)).toMatchObject({ what: "Reversed", amount: "5", from: "customer" });
    // In conflict, it may be recorded paid again by two people, or closed by two.
    await proposePaid(money.db, refund.id, money.people.finance2, backOffice);
    expect(await confirmPaid(money.db, refund.id, money.people.finance3)).toMatchObject({ state: "paid" });
  });

  it("a proposal ends with the state it was made in: news that the service still processes it drops it", async () => {
    const { refund } = await refundNeedingReview();
    await proposePaid(money.db, refund.id, money.people.finance1, backOffice);
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "check" }, "webhook");
    expect(await withdrawalById(money.db, refund.id)).toMatchObject({
      state: "submitted",
      paidProposedBy: null,
    });
    expect((await refusal(confirmPaid(money.db, refund.id, money.people.finance2))).message).toMatch(
      /Nobody has proposed/,
    );
  });
});
