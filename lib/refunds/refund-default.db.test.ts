import { describe, expect, it } from "vitest";
import { invoiceException } from "@/lib/exceptions/invoice-exception";
import { invoiceState } from "@/lib/invoices/status";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { approveWithdrawal } from "@/lib/withdrawals/decide";
import { invoiceThatReceived, moveTo, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { invoiceRefunds } from "./invoice-refunds";
import { refundFormFor } from "./refund-form";
import { requestRefund } from "./request-refund";

const money = openMoneyTestDb();

const prefilled = async (invoiceId: string) => {
  const opened = await refundFormFor(money.db, invoiceId, "token");
  return opened?.kind === "form" ? opened.defaultValues.amount : opened?.kind;
};

/** An invoice of 10 USDT that received 12.5: overpaid by 2.5. */
const overpaid = () => invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "2.5"] });

async function paidOut(refundId: string, orderId: string) {
  await approveWithdrawal(money.db, refundId, money.people.finance1);
  await moveTo(money.db, refundId, "submitted", { serviceId: `svc_${orderId}` });
  await applyServiceReport(money.db, { orderId, status: "paid" }, "webhook");
}

describe("issue 25: the refund of an overpayment is its excess by default, and only that", () => {
  it("once a refund of the excess is on its way, the form no longer prefills the excess again", async () => {
    const invoice = await overpaid();
    expect(await prefilled(invoice.id)).toBe("2.5");
    await requestRefund(money.db, refundForm(invoice.id, "2.5"), money.people.support);
    expect(await prefilled(invoice.id)).toBe("");
  });

  it("the form offers the excess and the whole payment; the card says the excess and nothing of the rest", async () => {
    const invoice = await overpaid();
    const opened = await refundFormFor(money.db, invoice.id, "token");
    expect(opened?.kind === "form" && opened.refund.choices).toMatchObject({
      excess: { amount: "2.5" },
      rest: { amount: "12.5" },
      restIsWhole: true,
      preferred: "excess",
    });
    expect(await invoiceRefunds(money.db, invoice.id)).toMatchObject({
      offersRefund: true,
      excess: "2.5",
      choices: { preferred: "excess", excess: { amount: "2.5" } },
    });
  });

  it("after the excess is paid out the invoice reads Refunded, offers no refund, and its story tells the refund", async () => {
    const invoice = await overpaid();
    const refund = await requestRefund(money.db, refundForm(invoice.id, "2.5"), money.people.support);
    await paidOut(refund.id, refund.orderId);

    const exception = await invoiceException(money.db, invoice.id);
    expect(exception?.resolution?.how).toBe("refunded");
    expect(exception?.refunded).toEqual({ amount: "2.5", what: "excess" });
    expect(invoiceState("overpaid", exception?.resolution?.how ?? null)).toBe("refunded");
    expect(exception?.history.map((entry) => entry.how)).toEqual(["refunded"]);

    const refunds = await invoiceRefunds(money.db, invoice.id);
    expect(refunds).toMatchObject({ offersRefund: false, choices: { preferred: null } });
    expect(refunds?.history.map((entry) => [entry.step, entry.orderId, entry.actor !== null])).toEqual([
      ["requested", refund.orderId, true],
      ["approved", refund.orderId, true],
      ["paid_out", refund.orderId, false],
    ]);
    expect(await prefilled(invoice.id)).toBe("refused");
  });

  it("a refund of the whole payment paid out reads as the whole payment", async () => {
    const invoice = await overpaid();
    const refund = await requestRefund(money.db, refundForm(invoice.id, "12.5"), money.people.support);
    await paidOut(refund.id, refund.orderId);
    expect((await invoiceException(money.db, invoice.id))?.refunded).toEqual({
      amount: "12.5",
      what: "whole",
    });
  });
});
