import { describe, expect, it } from "vitest";
import { invoiceEvents, notifications } from "@/lib/db/schema";
import { requestRefund } from "@/lib/refunds/request-refund";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { closeWithdrawal, confirmNothingSent } from "@/lib/withdrawals/close";
import {
  invoiceThatReceived,
  moveTo,
  openMoneyTestDb,
  recordPaidByTwo,
  refundForm,
  withdrawalById,
} from "@/test-support/money-rows";
import { invoiceException } from "./invoice-exception";
import { listUnresolvedExceptions } from "./worklist";

const money = openMoneyTestDb();

const twoInFinance = () => ({ proposer: money.people.finance1, confirmer: money.people.finance2 });

const onWorklist = async (invoiceId: string) =>
  (await listUnresolvedExceptions(money.db, 500)).some((row) => row.id === invoiceId);

/** An invoice overpaid by 5 of 15 received, its excess refunded and the refund sent to the service. */
async function overpaidWithSentRefund() {
  const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "5"] });
  const refund = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
  await moveTo(money.db, refund.id, "submitted", {
    serviceId: `svc_${refund.orderId}`,
    serviceStatus: "process",
  });
  return { invoice, refund };
}

/** The refund was paid, then the service says fail; two people in finance confirm nothing was sent. */
async function failedAfterPaidAndClosed(refund: { id: string; orderId: string }) {
  await applyServiceReport(money.db, { orderId: refund.orderId, status: "fail" }, "webhook");
  expect(await withdrawalById(money.db, refund.id)).toMatchObject({ state: "conflict" });
  await closeWithdrawal(
    money.db,
    refund.id,
    money.people.finance1,
    "The service's back office shows it failed.",
  );
  await confirmNothingSent(money.db, refund.id, money.people.finance2);
  expect(await withdrawalById(money.db, refund.id)).toMatchObject({ state: "closed" });
}

describe("issue 34 case 1: a resolution follows the refunds both ways", () => {
  it("a refund counted as paid, then reported failed and closed as not sent, reopens the exception: back on the worklist, finance told, and a new refund of the excess allowed", async () => {
    const { invoice, refund } = await overpaidWithSentRefund();
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });
    expect(await onWorklist(invoice.id)).toBe(false);

    await failedAfterPaidAndClosed(refund);

    expect((await invoiceException(money.db, invoice.id))?.resolution).toBeNull();
    expect(await onWorklist(invoice.id)).toBe(true);
    const timeline = await money.db.select().from(invoiceEvents);
    expect(
      timeline.filter((event) => event.invoiceId === invoice.id && event.kind === "exception_reopened"),
    ).toHaveLength(1);
    const told = await money.db.select().from(notifications);
    const reopenedFor = told
      .filter((row) => row.objectId === invoice.id && row.kind === "invoice.exception_reopened")
      .map((row) => row.userId);
    expect(reopenedFor).toEqual(expect.arrayContaining([money.people.finance1, money.people.support]));
    const again = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
    expect(again.state).toBe("awaiting_approval");
  });

  it("the same after Record paid followed by a fail report", async () => {
    const { invoice, refund } = await overpaidWithSentRefund();
    await moveTo(money.db, refund.id, "needs_review");
    await recordPaidByTwo(money.db, refund.id, twoInFinance(), "tx-seen-in-the-explorer");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });

    await failedAfterPaidAndClosed(refund);

    expect((await invoiceException(money.db, invoice.id))?.resolution).toBeNull();
    expect(await onWorklist(invoice.id)).toBe(true);
    const again = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
    expect(again.state).toBe("awaiting_approval");
  });

  it("a refund in conflict that the service then reports paid settles it again, and finance is told", async () => {
    const { invoice, refund } = await overpaidWithSentRefund();
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "fail" }, "webhook");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toBeNull();
    await recordPaidByTwo(money.db, refund.id, twoInFinance(), "tx-after-all");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });
    expect(await onWorklist(invoice.id)).toBe(false);
    const told = await money.db.select().from(notifications);
    const settledFor = told
      .filter((row) => row.objectId === invoice.id && row.kind === "invoice.exception_settled")
      .map((row) => row.userId);
    expect(settledFor).toEqual(expect.arrayContaining([money.people.finance1, money.people.support]));
  });
});
