import { describe, expect, it } from "vitest";
import type { ServiceClient } from "@/lib/service";
import { openMoneyTestDb, withdrawalById } from "@/test-support/money-rows";
import { openedWithdrawalForm, serviceAnswer } from "@/test-support/withdrawal-rows";
import { applyServiceReport } from "./apply-service-report";
import { approveWithdrawal } from "./decide";
import { listPayoutsNeedingAttention } from "./attention";
import { requestWithdrawal } from "./request-withdrawal";
import { submitWithdrawal } from "./submit-withdrawal";

const money = openMoneyTestDb();

type Input = { orderId: string; address: string; amount?: string };

/** A service whose reports `during` arrive while it creates the payout, then answers with `status`. */
const answeringAfter = (during: (input: Input) => Promise<unknown>, status: string) =>
  ({
    callBudgetMs: 1_000,
    createWithdrawal: async (input: Input) => {
      await during(input);
      return serviceAnswer(input, status);
    },
  }) as unknown as ServiceClient;

async function approvedPayout(amount: string) {
  const payout = await requestWithdrawal(money.db, openedWithdrawalForm({ amount }), money.people.support);
  await approveWithdrawal(money.db, payout.id, money.people.finance1);
  return payout;
}

describe("the service's answer meets its reports during the call", () => {
  it("paid, then failed, while it is being sent: a conflict, and the answer's service id is kept", async () => {
    const payout = await approvedPayout("2");
    const client = answeringAfter(async ({ orderId }) => {
      await applyServiceReport(money.db, { orderId, status: "paid" }, "webhook");
      await applyServiceReport(money.db, { orderId, status: "fail" }, "webhook");
    }, "process");

    const outcome = await submitWithdrawal(money.db, client, payout.id, { source: "user" });

    expect(outcome.result).toBe("conflict");
    expect(await withdrawalById(money.db, payout.id)).toMatchObject({
      state: "conflict",
      serviceId: `svc_${payout.orderId}`,
    });
    expect((await listPayoutsNeedingAttention(money.db)).map((row) => row.id)).toContain(payout.id);
  });

  it("a failure reported during the call, then an answer that says paid: a conflict, never failed", async () => {
    const payout = await approvedPayout("3");
    const client = answeringAfter(
      ({ orderId }) => applyServiceReport(money.db, { orderId, status: "fail" }, "webhook"),
      "paid",
    );

    const outcome = await submitWithdrawal(money.db, client, payout.id, { source: "user" });

    expect(outcome.result).toBe("conflict");
    const after = await withdrawalById(money.db, payout.id);
    expect(after.state).toBe("conflict");
    expect(after.reviewReason).toMatch(/paid/);
  });

  it("an answer that agrees with the report heard during the call settles it", async () => {
    const payout = await approvedPayout("4");
    const client = answeringAfter(
      ({ orderId }) => applyServiceReport(money.db, { orderId, status: "paid" }, "webhook"),
      "paid",
    );

    expect((await submitWithdrawal(money.db, client, payout.id, { source: "user" })).result).toBe(
      "submitted",
    );
    expect(await withdrawalById(money.db, payout.id)).toMatchObject({ state: "paid" });
  });
});
