import { describe, expect, it } from "vitest";
import { FakePayoutService } from "@/test-support/fake-payout-service";
import { withdrawalById, openMoneyTestDb } from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { applyServiceReport } from "./apply-service-report";
import { approveWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { submitWithdrawal } from "./submit-withdrawal";
import { getWithdrawalDetail } from "./withdrawal-detail";

const money = openMoneyTestDb();

async function approved(amount = "8") {
  const payout = await requestWithdrawal(money.db, openedWithdrawalForm({ amount }), money.people.support);
  await approveWithdrawal(money.db, payout.id, money.people.finance1);
  return payout;
}

describe("issue 22 case 8: the service's answers are checked against what was asked", () => {
  it("the order id is made by the server: a form's token that names another payout's order id is only a token", async () => {
    const form = openedWithdrawalForm({ amount: "8" });
    const othersOrderId = "wd_20261125_aaaaaaaaaa";
    const payout = await requestWithdrawal(
      money.db,
      { ...form, requestToken: othersOrderId, orderId: othersOrderId } as typeof form,
      money.people.support,
    );
    expect(payout.orderId).not.toBe(othersOrderId);
    expect(payout.orderId).toMatch(/^wd_\d{14}_[0-9a-f]{10}$/);
    // The same form sent again by its requester gives back the same request.
    const again = await requestWithdrawal(
      money.db,
      { ...form, requestToken: othersOrderId, orderId: othersOrderId } as typeof form,
      money.people.support,
    );
    expect(again.id).toBe(payout.id);
  });

  it.each([
    ["order id", { order_id: "wd_somebody_elses" }, /order id/],
    ["address", { address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7" }, /address/],
    ["currency", { currency: "USDC" }, /currency/],
    ["amount", { amount: "80" }, /amount/],
  ])(
    "an answer with another %s is a conflict, never submitted, and later reports leave it one",
    async (_, change, why) => {
      const payout = await approved();
      const service = new FakePayoutService();
      service.answerWith = () => change;

      const outcome = await submitWithdrawal(money.db, service, payout.id, { source: "loop" });

      const after = await withdrawalById(money.db, payout.id);
      expect(outcome.result).not.toBe("submitted");
      expect(after.state).toBe("conflict");
      expect(after.reviewReason).toMatch(why);
      await applyServiceReport(money.db, service.settle(payout.orderId, "paid"), "webhook");
      expect((await withdrawalById(money.db, payout.id)).state).toBe("conflict");
    },
  );

  it("a conflict from the answer alone, with no report, shows that answer beside Paydesk's record", async () => {
    const payout = await approved("8");
    const service = new FakePayoutService();
    service.answerWith = () => ({ amount: "80" });

    await submitWithdrawal(money.db, service, payout.id, { source: "loop" });

    const detail = await getWithdrawalDetail(money.db, payout.id, {
      id: money.people.finance1,
      role: "finance",
    });
    expect(detail?.sideBySide?.basis).toBe("answer");
    expect(detail?.sideBySide?.lines.find((line) => line.what === "amount")).toMatchObject({
      ours: "8",
      theirs: "80",
      differs: true,
    });
  });

  it("an answer that matches the request (amounts compared as decimals) is submitted", async () => {
    const payout = await approved("8");
    const service = new FakePayoutService();
    service.answerWith = () => ({ amount: "8.000000" });
    expect((await submitWithdrawal(money.db, service, payout.id, { source: "loop" })).result).toBe(
      "submitted",
    );
  });
});
