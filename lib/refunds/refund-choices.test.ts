import { describe, expect, it } from "vitest";
import type { WithdrawalState } from "@/lib/db/schema";
import { refundableLeft } from "@/lib/exceptions/refund-cap";
import { refundChoices, type RefundChoicesInput } from "./refund-choices";
import { suggestedRefund } from "./refund-prefill";

const refund = (amount: string, state: WithdrawalState) => ({ amount, state, nothingSentAt: null });

/** An invoice of 130.434783 USDT that received `received`, with `refunds` linked to it. */
function ledger(
  exception: RefundChoicesInput["exception"],
  received: string,
  refunds: RefundChoicesInput["refunds"] = [],
): RefundChoicesInput {
  return {
    invoice: { orderId: "ord-1", cryptoAmount: "130.434783", customerId: "cust-1042" },
    exception,
    currency: "USDT",
    received,
    refundable: refundableLeft({ currency: "USDT", received, refunds }),
    refunds,
  };
}

describe("what a refund of an invoice offers", () => {
  it("an overpayment: the excess by default, the whole payment as the other choice", () => {
    expect(refundChoices(ledger("overpaid", "150"))).toEqual({
      excess: { amount: "19.565217", reason: "Refund of invoice ord-1: the overpayment (19.565217 USDT)." },
      rest: { amount: "150", reason: "Refund of invoice ord-1: the whole payment (150 USDT)." },
      restIsWhole: true,
      preferred: "excess",
      customerId: "cust-1042",
    });
  });

  it("once a refund of the excess is on its way, or paid out, nothing is offered by default: more is a choice", () => {
    for (const state of ["awaiting_approval", "submitted", "paid"] as const) {
      const choices = refundChoices(ledger("overpaid", "150", [refund("19.565217", state)]));
      expect(choices.preferred, state).toBeNull();
      expect(choices.excess, state).toBeNull();
      expect(choices.rest, state).toMatchObject({ amount: "130.434783" });
      expect(choices.restIsWhole, state).toBe(false);
      expect(suggestedRefund(ledger("overpaid", "150", [refund("19.565217", state)])).amount, state).toBe("");
    }
  });

  it("a part of the excess refunded leaves the rest of the excess as the default", () => {
    const choices = refundChoices(ledger("overpaid", "150", [refund("5", "paid")]));
    expect(choices.preferred).toBe("excess");
    expect(choices.excess?.amount).toBe("14.565217");
  });

  it("a refund that gave its share back (rejected, cancelled) offers the excess again", () => {
    const choices = refundChoices(ledger("overpaid", "150", [refund("19.565217", "rejected")]));
    expect(choices.excess?.amount).toBe("19.565217");
    expect(choices.restIsWhole).toBe(true);
  });

  it("never offers more than is left, even when other refunds hold part of the excess", () => {
    const choices = refundChoices(ledger("overpaid", "150", [refund("140", "awaiting_approval")]));
    expect(choices.excess).toBeNull();
    expect(choices.rest?.amount).toBe("10");
  });

  it("an underpaid or late invoice: all that was received, as the one choice", () => {
    expect(refundChoices(ledger("underpaid", "4"))).toMatchObject({
      excess: null,
      rest: {
        amount: "4",
        reason: "Refund of invoice ord-1: an underpayment that will not be honoured (4 USDT).",
      },
      preferred: "rest",
    });
    expect(refundChoices(ledger("expired_with_payment", "3")).rest?.reason).toMatch(
      /after the invoice expired/,
    );
    expect(refundChoices(ledger("underpaid", "4", [refund("4", "submitted")]))).toMatchObject({
      rest: null,
      preferred: null,
    });
  });
});
