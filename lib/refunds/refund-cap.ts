import Decimal from "decimal.js";
import { CRYPTO_DECIMALS } from "@/lib/currencies/crypto";
import type { WithdrawalState } from "@/lib/db/schema";

/**
 * Refunds in these states will never move money, so they no longer hold part of what the invoice
 * received. A failed refund still holds its part: finance may send it again.
 */
export const SETTLED_WITHOUT_PAYMENT: readonly WithdrawalState[] = ["rejected", "cancelled", "closed"];

export function refundCounts(state: WithdrawalState): boolean {
  return !SETTLED_WITHOUT_PAYMENT.includes(state);
}

export interface RefundCapInput {
  currency: string;
  /** What the invoice received in its payment currency (decimal string). */
  received: string;
  /** Earlier refunds of this invoice: crypto amount and state. */
  refunds: readonly { amount: string | null; state: WithdrawalState }[];
}

/** The coin's precision: amounts are compared and shown at this many decimals, rounded down. */
export function coinDecimals(currency: string): number {
  return CRYPTO_DECIMALS[currency] ?? 8;
}

function atCoinPrecision(amount: Decimal.Value, currency: string): Decimal {
  return new Decimal(amount).toDecimalPlaces(coinDecimals(currency), Decimal.ROUND_DOWN);
}

/** What can still be refunded: received minus every refund that still counts, never below zero. */
export function refundableLeft({ currency, received, refunds }: RefundCapInput): string {
  const held = refunds
    .filter((refund) => refundCounts(refund.state))
    .reduce((sum, refund) => sum.plus(refund.amount ?? 0), new Decimal(0));
  const left = atCoinPrecision(received, currency).minus(held);
  return Decimal.max(left, 0).toFixed(coinDecimals(currency));
}

/** Whether a new refund of `amount` fits under the cap, compared at the coin's precision. */
export function fitsUnderCap(input: RefundCapInput, amount: string): boolean {
  return new Decimal(amount).lte(refundableLeft(input));
}

/** A decimal string without trailing zeros, for messages and prefilled fields ("1.500000" → "1.5"). */
export function plainAmount(amount: Decimal.Value): string {
  return new Decimal(amount).toFixed();
}
