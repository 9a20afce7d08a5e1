import { describe, expect, it } from "vitest";
import { WithdrawalResubmitter } from "@/lib/jobs/withdrawal-resubmitter";
import { FakePayoutService } from "@/test-support/fake-payout-service";
import { moveTo, withdrawalById, openMoneyTestDb, recordPaidByTwo } from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { listPayoutsNeedingAttention } from "./attention";
import { approveWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { closeWithdrawal, confirmNothingSent } from "./close";
import { submitWithdrawal } from "./submit-withdrawal";

const money = openMoneyTestDb();
const service = new FakePayoutService();
const HOUR = 3_600_000;

/** A payout the service accepted, whose final webhook never came. */
async function submittedPayout() {
  const { db } = money;
  const payout = await requestWithdrawal(db, openedWithdrawalForm({ amount: "6" }), money.people.support);
  await approveWithdrawal(db, payout.id, money.people.finance1);
  const outcome = await submitWithdrawal(db, service, payout.id, { source: "loop" });
  expect(outcome.result).toBe("submitted");
  return withdrawalById(db, payout.id);
}

async function goneStale(id: string) {
  await moveTo(money.db, id, "submitted", { staleAt: new Date(Date.now() - 1000) });
  await new WithdrawalResubmitter({ db: money.db, client: () => service }).runOnce();
  return withdrawalById(money.db, id);
}

describe("issue 22 case 5: a submitted payout whose final word never comes", () => {
  it("is due for review PAYDESK_PAYOUT_STALE_HOURS (24) after it was submitted", async () => {
    const payout = await submittedPayout();
    expect(payout.staleAt?.getTime()).toBeGreaterThan(Date.now() + 23.9 * HOUR);
    expect(payout.staleAt?.getTime()).toBeLessThan(Date.now() + 24.1 * HOUR);
  });

  it("then needs review, on finance's worklist, saying there is no final status from the service", async () => {
    const stale = await goneStale((await submittedPayout()).id);
    expect(stale).toMatchObject({ state: "needs_review", staleAt: null });
    expect(stale.reviewReason).toMatch(/no final status from the service/i);
    const worklist = await listPayoutsNeedingAttention(money.db);
    expect(worklist.find((row) => row.id === stale.id)?.reviewReason).toMatch(/no final status/i);
  });

  it("two people in finance record that the service's back office shows it paid, with its transaction id", async () => {
    const stale = await goneStale((await submittedPayout()).id);
    await expect(
      recordPaidByTwo(
        money.db,
        stale.id,
        { proposer: money.people.support, confirmer: money.people.finance2 },
        "0xabc",
      ),
    ).rejects.toThrow(/active finance user/);
    await recordPaidByTwo(
      money.db,
      stale.id,
      { proposer: money.people.finance2, confirmer: money.people.finance3 },
      "0xabc",
    );
    expect(await withdrawalById(money.db, stale.id)).toMatchObject({ state: "paid", serviceTxid: "0xabc" });
  });

  it("recording that it failed (nothing was sent) takes a second person", async () => {
    const stale = await goneStale((await submittedPayout()).id);
    await closeWithdrawal(money.db, stale.id, money.people.finance2, "Failed in the service's back office.");
    expect(await withdrawalById(money.db, stale.id)).toMatchObject({ state: "needs_review" });
    await confirmNothingSent(money.db, stale.id, money.people.finance3);
    expect(await withdrawalById(money.db, stale.id)).toMatchObject({ state: "closed" });
  });
});
