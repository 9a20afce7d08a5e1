import { describe, expect, it } from "vitest";
import { notifications } from "@/lib/db/schema";
import {
  openMoneyTestDb,
  moveTo,
  withdrawalById,
  submittedPayout as submittedPayoutOf,
} from "@/test-support/money-rows";
import { openedWithdrawalForm, TEST_TRON_ADDRESS } from "@/test-support/withdrawal-rows";
import { applyServiceReport, type ServiceReport } from "./apply-service-report";
import { listPayoutsNeedingAttention } from "./attention";
import { requestWithdrawal } from "./request-withdrawal";

const money = openMoneyTestDb();

/** A payout of `amount` USDT on TRON, sent to the service and waiting for its word. */
const submittedPayout = (amount: string) => submittedPayoutOf(money.db, money.people, amount);

const paid = (orderId: string, more: Partial<ServiceReport> = {}): ServiceReport => ({
  orderId,
  status: "paid",
  serviceId: `svc_${orderId}`,
  txid: "tx_1",
  ...more,
});

describe("issue 34 case 6: every service report is compared with what was asked", () => {
  it("a paid report of 30 for a payout of 3 is a conflict on finance's worklist, not a payout recorded paid", async () => {
    const payout = await submittedPayout("3");
    const result = await applyServiceReport(money.db, paid(payout.orderId, { amount: "30" }), "webhook");
    expect(result.kind).toBe("conflict");
    const after = await withdrawalById(money.db, payout.id);
    expect(after).toMatchObject({ state: "conflict", serviceStatus: "paid" });
    expect(after.reviewReason).toMatch(/amount 30 instead of 3/);
    expect((await listPayoutsNeedingAttention(money.db)).map((row) => row.id)).toContain(payout.id);
    const told = await money.db.select().from(notifications);
    expect(
      told.filter((row) => row.objectId === payout.id && row.kind === "withdrawal.conflict").length,
    ).toBeGreaterThan(0);
  });

  it("a report naming another address, currency or network is a conflict too", async () => {
    const elsewhere = await submittedPayout("4");
    await applyServiceReport(
      money.db,
      paid(elsewhere.orderId, { amount: "4", address: "TAcN9gFvXZAxsWQQzWWbydBmscBHnEi5nZ" }),
      "webhook",
    );
    expect(await withdrawalById(money.db, elsewhere.id)).toMatchObject({ state: "conflict" });
    expect((await withdrawalById(money.db, elsewhere.id)).reviewReason).toMatch(
      /address TAcN9gFvXZAxsWQQzWWbydBmscBHnEi5nZ instead of TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t/,
    );

    const otherCoin = await submittedPayout("4");
    await applyServiceReport(
      money.db,
      { ...paid(otherCoin.orderId, { amount: "4" }), currency: "TRX", network: "TRON" },
      "webhook",
    );
    expect((await withdrawalById(money.db, otherCoin.id)).reviewReason).toMatch(
      /currency TRX instead of USDT/,
    );
  });

  it("a payout asked in fiat is compared with the crypto amount the service answered at creation", async () => {
    const form = openedWithdrawalForm({
      amountIn: "fiat",
      amount: "",
      fiatAmount: "150",
      fiatCurrency: "EUR",
    });
    const asked = await requestWithdrawal(money.db, form, money.people.support);
    expect(asked.amount).toBeNull();
    const payout = await moveTo(money.db, asked.id, "submitted", {
      serviceId: `svc_${asked.orderId}`,
      serviceStatus: "process",
      serviceAmount: "161.25",
    });
    await applyServiceReport(money.db, paid(payout.orderId, { amount: "1612.5" }), "webhook");
    expect((await withdrawalById(money.db, payout.id)).reviewReason).toMatch(
      /amount 1612.5 instead of 161.25/,
    );
  });

  it("the same amount written otherwise, and a report that leaves fields out, pay it out", async () => {
    const payout = await submittedPayout("3");
    await applyServiceReport(
      money.db,
      paid(payout.orderId, {
        amount: "3.000000",
        address: TEST_TRON_ADDRESS,
        currency: "usdt",
        network: "TRON",
      }),
      "webhook",
    );
    expect(await withdrawalById(money.db, payout.id)).toMatchObject({ state: "paid" });

    const bare = await submittedPayout("5");
    await applyServiceReport(money.db, paid(bare.orderId), "webhook");
    expect(await withdrawalById(money.db, bare.id)).toMatchObject({ state: "paid" });
  });

  it("a late, older report with another amount makes a conflict but keeps the service's newer word", async () => {
    const payout = await submittedPayout("3");
    await applyServiceReport(money.db, paid(payout.orderId), "webhook");

    const late = await applyServiceReport(
      money.db,
      { orderId: payout.orderId, status: "check", amount: "30" },
      "webhook",
    );

    expect(late.kind).toBe("conflict");
    expect(await withdrawalById(money.db, payout.id)).toMatchObject({
      state: "conflict",
      serviceStatus: "paid",
    });
  });
});

describe("final words that disagree while a payout is being sent", () => {
  it("paid, then failed, arriving while the submitter waits: a conflict at once", async () => {
    const payout = await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ amount: "2" }),
      money.people.support,
    );
    await moveTo(money.db, payout.id, "submitting");

    const first = await applyServiceReport(money.db, paid(payout.orderId), "webhook");
    const second = await applyServiceReport(money.db, { orderId: payout.orderId, status: "fail" }, "webhook");

    expect(first.kind).toBe("recorded");
    expect(second.kind).toBe("conflict");
    const after = await withdrawalById(money.db, payout.id);
    expect(after).toMatchObject({ state: "conflict", serviceStatus: "fail" });
    expect(after.reviewReason).toMatch(/The service said “paid out”, and now says “failed”/);
    expect((await listPayoutsNeedingAttention(money.db)).map((row) => row.id)).toContain(payout.id);
  });
});
