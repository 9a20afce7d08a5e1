import type Decimal from "decimal.js";
import { Money } from "./money";
import type { WithdrawalState } from "@/lib/db/schema/enums";
import { FEES, MERCHANT, payoutAccount, payoutSource, WORLD } from "./accounts";

export interface PayoutFacts {
  id: string;
  state: WithdrawalState;
  nothingSentAt: Date | string | null;
  /** The crypto amount asked for; null for a fiat amount until the service converts it. */
  amount: string | null;
  serviceAmount: string | null;
  serviceFee: string | null;
  servicePayoutAmount: string | null;
  isSubtract: boolean;
  refundOfInvoiceId: string | null;
}

/** Where a payout's money is, by its state: held, sent, gone to the recipient, or back where it came from. */
export type PayoutPosition = "reserved" | "in_flight" | "paid" | "released";

export function payoutPosition(payout: Pick<PayoutFacts, "state" | "nothingSentAt">): PayoutPosition {
  switch (payout.state) {
    case "awaiting_approval":
    case "approved":
    // Nothing left, but it may be approved or sent again: its share stays held.
    case "failed":
    case "service_failed":
      return "reserved";
    case "submitting":
    case "submitted":
    case "unknown":
    case "needs_review":
    case "conflict":
      return "in_flight";
    case "paid":
      return "paid";
    case "closed":
      // Closed with no proof that nothing left: it may have been paid, so it stays sent.
      return payout.nothingSentAt === null ? "in_flight" : "released";
    case "rejected":
    case "cancelled":
      return "released";
  }
}

/** The crypto amount a payout moves: what was asked, else the service's conversion of a fiat amount. */
export function payoutCryptoAmount(payout: Pick<PayoutFacts, "amount" | "serviceAmount">): Decimal | null {
  const value = payout.amount ?? payout.serviceAmount;
  return value === null ? null : new Money(value);
}

/**
 * The service's fee on a paid payout, as it said it (or as the difference between the amount and
 * what the recipient received); null where it said nothing.
 */
export function payoutFee(payout: PayoutFacts, amount: Decimal): Decimal | null {
  if (payout.serviceFee !== null) return new Money(payout.serviceFee);
  if (payout.servicePayoutAmount !== null && !payout.isSubtract) {
    return Money.max(amount.minus(payout.servicePayoutAmount), 0);
  }
  return null;
}

/**
 * The balances a payout's entries must add up to, per account, for the state it is in: zero
 * everywhere once released; its amount in its reserved or in-flight account; once paid, the
 * amount gone to `world`, with the fee gone to `fees` from the amount (is_subtract false: the
 * recipient received the rest) or from the merchant's balance (is_subtract true).
 */
export function payoutTarget(payout: PayoutFacts): Map<string, Decimal> {
  const target = new Map<string, Decimal>();
  const amount = payoutCryptoAmount(payout);
  if (amount === null || amount.lte(0)) return target;
  const add = (account: string, value: Decimal) =>
    target.set(account, (target.get(account) ?? new Money(0)).plus(value));
  const source = payoutSource(payout);
  const position = payoutPosition(payout);
  if (position === "released") return target;
  add(source, amount.negated());
  if (position === "reserved" || position === "in_flight") {
    add(payoutAccount(payout, position), amount);
    return target;
  }
  const fee = payoutFee(payout, amount);
  if (fee === null || fee.lte(0)) {
    add(WORLD, amount);
  } else if (payout.isSubtract) {
    add(WORLD, amount);
    add(MERCHANT, fee.negated());
    add(FEES, fee);
  } else {
    const fromAmount = Money.min(fee, amount);
    add(WORLD, amount.minus(fromAmount));
    add(FEES, fromAmount);
  }
  return target;
}
