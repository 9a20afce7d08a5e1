import { formatCrypto, formatFiat } from "@/lib/display/money";
import { DEFAULT_LOCALE } from "@/lib/display/preferences";

/**
 * "12.50 USDT" or "100.00 EUR in USDT (converted by the service)", in the person's number format
 * (en-US where there is no person: a notification's text, the worklist's summary).
 */
export function describeAmount(
  withdrawal: {
    amount: string | null;
    currency: string;
    fiatAmount: string | null;
    fiatCurrency: string | null;
  },
  locale: string = DEFAULT_LOCALE,
): string {
  if (withdrawal.amount) return formatCrypto(withdrawal.amount, withdrawal.currency, locale);
  const fiat =
    withdrawal.fiatAmount && withdrawal.fiatCurrency
      ? formatFiat(withdrawal.fiatAmount, withdrawal.fiatCurrency, locale)
      : "an amount in fiat";
  return `${fiat} in ${withdrawal.currency} (converted by the service)`;
}

/**
 * is_subtract in words, as the request form asks it: true, the fee is taken from the merchant's
 * balance on top of the amount; false, the service takes it out of the payout.
 */
export function describeFee(isSubtract: boolean): string {
  return isSubtract
    ? "The fee is added on top, from our balance: the recipient gets the full amount."
    : "The fee is taken from the amount: the recipient gets less.";
}
