import Decimal from "decimal.js";
import type { Withdrawal } from "@/lib/db/schema";
import type { ServiceWithdrawal } from "@/lib/service";

/** What the service says a payout is, as far as its answer or report says it. */
export interface PayoutAsTheServiceHasIt {
  orderId?: string | null;
  address?: string | null;
  currency?: string | null;
  network?: string | null;
  amount?: string | null;
  fiatAmount?: string | null;
}

type Asked = Pick<
  Withdrawal,
  "orderId" | "address" | "currency" | "network" | "amount" | "fiatAmount" | "serviceAmount"
>;

/**
 * How the service's payout differs from the one asked for, field by field ("amount 30 instead of
 * 3"); empty when it matches. Fields the service leaves out are not compared (the spec requires
 * only some of them). The crypto amount of a payout asked in fiat is the one the service answered
 * at creation, once known.
 */
export function payoutDifferences(asked: Asked, theirs: PayoutAsTheServiceHasIt): string[] {
  const differences: string[] = [];
  const differ = (what: string, their: string, ours: string) =>
    differences.push(`${what} ${their} instead of ${ours}`);
  if (theirs.orderId && theirs.orderId !== asked.orderId) differ("order id", theirs.orderId, asked.orderId);
  if (theirs.address && !sameAddress(theirs.address, asked.address)) {
    differ("address", theirs.address, asked.address);
  }
  if (theirs.currency && theirs.currency.toUpperCase() !== asked.currency) {
    differ("currency", theirs.currency, asked.currency);
  }
  if (theirs.network && theirs.network.toUpperCase() !== asked.network) {
    differ("network", theirs.network, asked.network);
  }
  const cryptoAsked = asked.amount ?? asked.serviceAmount;
  if (cryptoAsked && theirs.amount && !sameAmount(theirs.amount, cryptoAsked)) {
    differ("amount", theirs.amount, plain(cryptoAsked));
  }
  if (asked.fiatAmount && theirs.fiatAmount && !sameAmount(theirs.fiatAmount, asked.fiatAmount)) {
    differ("fiat amount", theirs.fiatAmount, plain(asked.fiatAmount));
  }
  return differences;
}

/**
 * How the service's answer to a creation differs from what was asked, in words, or null when it
 * matches. An order id the service already held returns that payout, whatever this request asked:
 * a payout to another address, or of another amount, is not this one and must never be taken for
 * it.
 */
export function answerDiffers(asked: Withdrawal, answer: ServiceWithdrawal): string | null {
  // At creation the crypto amount of a fiat request is what the answer tells, not a comparison.
  const differences = payoutDifferences({ ...asked, serviceAmount: null }, answer);
  return differences.length > 0
    ? `The service answered with another payout: ${differences.join(", ")}. Nothing is recorded as sent; check the service's own records.`
    : null;
}

/** A decimal string that is not a number (the service's garbage) is never the same amount. */
export function sameAmount(theirs: string, ours: string): boolean {
  try {
    return new Decimal(theirs).equals(ours);
  } catch {
    return false;
  }
}

function plain(amount: string): string {
  return new Decimal(amount).toFixed();
}

/** Hex (EVM) and bech32 addresses are the same whatever their letters' case; base58 ones are not. */
export function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const caseless = /^(0x|bc1|ltc1|tb1)/i;
  return caseless.test(a) && caseless.test(b) && a.toLowerCase() === b.toLowerCase();
}
