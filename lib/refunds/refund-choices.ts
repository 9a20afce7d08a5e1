import Decimal from "decimal.js";
import type { ExceptionKind } from "@/lib/exceptions/exception-status";
import { holdsShare, plainAmount, type RefundShare } from "@/lib/exceptions/refund-cap";

export interface RefundChoicesInput {
  invoice: { orderId: string; cryptoAmount: string | null; customerId: string | null };
  exception: ExceptionKind | null;
  currency: string;
  /** What the invoice received in its coin. */
  received: string;
  /** What it can still give back (received minus every refund that holds a share). */
  refundable: string;
  refunds: readonly RefundShare[];
}

export interface RefundChoice {
  /** A decimal string without trailing zeros, as the form's amount field takes it. */
  amount: string;
  reason: string;
}

/**
 * What a refund of an invoice can give back, as the choices a person makes between:
 * - `excess`: the part of an overpayment no refund covers yet (null when not overpaid, or when
 *   refunds already cover the excess);
 * - `rest`: everything the invoice can still give back: the whole payment when no refund holds a
 *   share, the rest of it otherwise.
 * `preferred` is the one a refund starts from: the excess of an overpayment (the customer keeps
 * what they bought), everything received of an underpaid or late invoice (not honoured). It is
 * null once refunds cover what the exception put at stake: refunding more is then a choice the
 * person makes, never a default.
 */
export interface RefundChoices {
  excess: RefundChoice | null;
  rest: RefundChoice | null;
  /** Whether `rest` is the whole payment (no refund holds a share of it). */
  restIsWhole: boolean;
  preferred: "excess" | "rest" | null;
  customerId: string;
}

export function refundChoices(input: RefundChoicesInput): RefundChoices {
  const { invoice, currency } = input;
  const refundable = new Decimal(input.refundable);
  const held = input.refunds
    .filter(holdsShare)
    .reduce((total, refund) => total.plus(refund.amount ?? 0), new Decimal(0));
  const reason = (what: string, amount: Decimal) =>
    `Refund of invoice ${invoice.orderId}: ${what} (${plainAmount(amount)} ${currency}).`;
  const choice = (what: string, amount: Decimal): RefundChoice | null =>
    amount.gt(0) ? { amount: plainAmount(amount), reason: reason(what, amount) } : null;

  const restIsWhole = held.isZero();
  const rest = choice(restIsWhole ? "the whole payment" : "the rest of the payment", refundable);
  if (input.exception === "overpaid" && invoice.cryptoAmount !== null) {
    const excessLeft = Decimal.min(
      Decimal.max(new Decimal(input.received).minus(invoice.cryptoAmount).minus(held), 0),
      refundable,
    );
    const excess = choice("the overpayment", excessLeft);
    return {
      excess,
      rest,
      restIsWhole,
      preferred: excess ? "excess" : null,
      customerId: invoice.customerId ?? "",
    };
  }
  const why =
    input.exception === "underpaid"
      ? "an underpayment that will not be honoured"
      : input.exception === "expired_with_payment"
        ? "a payment after the invoice expired"
        : restIsWhole
          ? "the whole payment"
          : "the rest of the payment";
  return {
    excess: null,
    rest: choice(why, refundable),
    restIsWhole,
    preferred: refundable.gt(0) ? "rest" : null,
    customerId: invoice.customerId ?? "",
  };
}
