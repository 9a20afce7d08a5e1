import Decimal from "decimal.js";
import { atCoinPrecision, coinDecimals } from "@/lib/currencies/coin-precision";
import type { WithdrawalState } from "@/lib/db/schema";
import type { ExceptionKind } from "./exception-status";

/**
 * What an invoice can still give back. Every refund of it holds its share of what the invoice
 * received until it is established that the refund will never move money: rejected or cancelled
 * before it was sent, or closed once nothing was sent (the service refused or failed it, or a
 * second person in finance confirmed it). A refund closed without that, a conflict, a failed one
 * (it may be sent again) all keep their share.
 */
export interface RefundShare {
  amount: string | null;
  state: WithdrawalState;
  /** When it was established that nothing was paid out (withdrawals.nothing_sent_at). */
  nothingSentAt: Date | string | null;
}

export function holdsShare(refund: Pick<RefundShare, "state" | "nothingSentAt">): boolean {
  if (refund.state === "rejected" || refund.state === "cancelled") return false;
  if (refund.state === "closed") return refund.nothingSentAt === null;
  return true;
}

export interface RefundCapInput {
  currency: string;
  /** What the invoice received in its payment currency (decimal string). */
  received: string;
  /** Earlier refunds of this invoice. */
  refunds: readonly RefundShare[];
}

const sum = (amounts: readonly (string | null)[]) =>
  amounts.reduce((total, amount) => total.plus(amount ?? 0), new Decimal(0));

/** What can still be refunded: received minus every refund that holds a share, never below zero. */
export function refundableLeft({ currency, received, refunds }: RefundCapInput): string {
  const held = sum(refunds.filter(holdsShare).map((refund) => refund.amount));
  const left = atCoinPrecision(received, currency).minus(held);
  return Decimal.max(left, 0).toFixed(coinDecimals(currency));
}

/** Whether a new refund of `amount` fits under the cap, compared at the coin's precision. */
export function fitsUnderCap(input: RefundCapInput, amount: string): boolean {
  return new Decimal(amount).lte(refundableLeft(input));
}

/** What refunds paid out so far sent back. */
export function refundedSoFar(refunds: readonly Pick<RefundShare, "amount" | "state">[]): Decimal {
  return sum(refunds.filter((refund) => refund.state === "paid").map((refund) => refund.amount));
}

/**
 * What refunds must send back to settle an exception by refunding: the excess of an
 * overpayment; everything received of an underpaid invoice (not honoured) or one paid after it
 * expired. At the coin's precision: what lies beyond it can never be sent.
 */
export function refundToSettle(
  kind: ExceptionKind,
  invoice: { currency: string; received: string; cryptoAmount: string | null },
): Decimal {
  const owed =
    kind === "overpaid" && invoice.cryptoAmount !== null
      ? Decimal.max(new Decimal(invoice.received).minus(invoice.cryptoAmount), 0)
      : new Decimal(invoice.received);
  return atCoinPrecision(owed, invoice.currency);
}

/** A decimal string without trailing zeros, for messages and prefilled fields ("1.500000" → "1.5"). */
export function plainAmount(amount: Decimal.Value): string {
  return new Decimal(amount).toFixed();
}
