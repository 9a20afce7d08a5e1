import Decimal from "decimal.js";
import type { Withdrawal } from "@/lib/db/schema";
import type { ServiceWithdrawal } from "@/lib/service";

/**
 * How the service's answer to a creation differs from what was asked, in words, or null when it
 * matches. An order id the service already held returns that payout, whatever this request asked:
 * a payout to another address, or of another amount, is not this one and must never be taken for
 * it. Fields the answer leaves out are not compared (the spec requires only some of them).
 */
export function answerDiffers(asked: Withdrawal, answer: ServiceWithdrawal): string | null {
  const differences: string[] = [];
  const differ = (what: string, theirs: string, ours: string) =>
    differences.push(`${what} ${theirs} instead of ${ours}`);
  if (answer.orderId && answer.orderId !== asked.orderId) differ("order id", answer.orderId, asked.orderId);
  if (answer.address && !sameAddress(answer.address, asked.address)) {
    differ("address", answer.address, asked.address);
  }
  if (answer.currency && answer.currency.toUpperCase() !== asked.currency) {
    differ("currency", answer.currency, asked.currency);
  }
  if (answer.network && answer.network.toUpperCase() !== asked.network) {
    differ("network", answer.network, asked.network);
  }
  if (asked.amount && answer.amount && !new Decimal(answer.amount).equals(asked.amount)) {
    differ("amount", answer.amount, asked.amount);
  }
  if (asked.fiatAmount && answer.fiatAmount && !new Decimal(answer.fiatAmount).equals(asked.fiatAmount)) {
    differ("fiat amount", answer.fiatAmount, asked.fiatAmount);
  }
  return differences.length > 0
    ? `The service answered with another payout: ${differences.join(", ")}. Nothing is recorded as sent; check the service's own records.`
    : null;
}

/** Hex (EVM) and bech32 addresses are the same whatever their letters' case; base58 ones are not. */
function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const caseless = /^(0x|bc1|ltc1|tb1)/i;
  return caseless.test(a) && caseless.test(b) && a.toLowerCase() === b.toLowerCase();
}
