import Decimal from "decimal.js";

/**
 * The balance a payout is checked against, per coin and network: what Paydesk's ledger says the
 * merchant holds, less what approved payouts are about to take. The service's own balance would
 * replace the ledger's figure where it reports one (its API has no balance call today).
 */
export interface KnownBalance {
  currency: string;
  network: string;
  /** What the merchant holds as the ledger knows it (decimal string). */
  balance: string;
  /** What payouts approved and not yet paid out will take from it. */
  committed: string;
  /** Where the figure comes from, and when it was read (ISO). */
  source: "ledger" | "service";
  asOf: string;
}

export interface BalanceAfter {
  /** What is left once this payout and the approved ones have gone; negative when it does not fit. */
  after: string;
  /** By how much the payout is above what is free; null when it fits. */
  shortBy: string | null;
}

export function findBalance(
  balances: readonly KnownBalance[],
  currency: string,
  network: string | null,
): KnownBalance | null {
  return (
    balances.find((entry) => entry.currency === currency && (!network || entry.network === network)) ?? null
  );
}

/** The balance after `amount` leaves, or null when the amount is not a number yet. Fees come on top. */
export function balanceAfter(known: KnownBalance | null, amount: string | null): BalanceAfter | null {
  if (!amount || !/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  const free = new Decimal(known?.balance ?? 0).minus(known?.committed ?? 0);
  const after = free.minus(amount.trim());
  return { after: after.toFixed(), shortBy: after.isNegative() ? after.negated().toFixed() : null };
}
