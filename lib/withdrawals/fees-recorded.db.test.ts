import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import {
  openMoneyTestDb,
  withdrawalById,
  submittedPayout as submittedPayoutOf,
} from "@/test-support/money-rows";
import { applyServiceReport } from "./apply-service-report";

const money = openMoneyTestDb();

const submittedPayout = (amount: string) => submittedPayoutOf(money.db, money.people, amount);

describe("issue 34: fees and what the recipient received are recorded from the service's reports", () => {
  it("keeps the fee and the amount received a report gives", async () => {
    const payout = await submittedPayout("10");
    await applyServiceReport(
      money.db,
      {
        orderId: payout.orderId,
        status: "paid",
        amount: "10",
        fee: "1.000000",
        payoutAmount: "9",
        txid: "tx_f",
      },
      "webhook",
    );
    expect(await withdrawalById(money.db, payout.id)).toMatchObject({ state: "paid" });
    const after = await withdrawalById(money.db, payout.id);
    expect(new Decimal(after.serviceFee ?? "").equals(1)).toBe(true);
    expect(new Decimal(after.servicePayoutAmount ?? "").equals(9)).toBe(true);
  });

  it("leaves them unknown (null, never 0) when the service says nothing, or something that is not a number", async () => {
    const payout = await submittedPayout("4");
    await applyServiceReport(
      money.db,
      { orderId: payout.orderId, status: "process", fee: "lots" },
      "webhook",
    );
    await applyServiceReport(money.db, { orderId: payout.orderId, status: "paid" }, "webhook");
    expect(await withdrawalById(money.db, payout.id)).toMatchObject({
      state: "paid",
      serviceFee: null,
      servicePayoutAmount: null,
    });
  });
});
