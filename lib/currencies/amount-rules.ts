import { coinDecimals } from "./coin-precision";
import { fiatMinorUnits } from "./fiat";

/**
 * Bounds on an amount typed as a decimal string, checked in the form before anything is stored,
 * so that what reaches the approval queue is something the service can pay. Fiat has its
 * currency's minor units (JPY none, EUR cents); crypto has its coin's decimals. The whole part is bounded far above any real payment.
 */
export const MAX_WHOLE_DIGITS = 15;

/**
 * Whether an unsigned decimal string (as Postgres `numeric` and the forms give them) is above
 * zero: any non-zero digit makes it so, no float or Decimal needed.
 */
export function isPositiveAmount(amount: string | null): boolean {
  return amount !== null && /[1-9]/.test(amount);
}

/** What is wrong with a well-formed positive decimal string for this many decimals, or null. */
export function amountBoundIssue(amount: string, decimals: number, unit: string): string | null {
  const [whole = "", fraction = ""] = amount.split(".");
  if (whole.replace(/^0+(?=\d)/, "").length > MAX_WHOLE_DIGITS) {
    return `That amount is too large: at most ${MAX_WHOLE_DIGITS} digits before the decimal point.`;
  }
  if (fraction.replace(/0+$/, "").length > decimals) {
    return decimals === 0
      ? `${unit} amounts have no decimals.`
      : `${unit} amounts have at most ${decimals} decimals.`;
  }
  return null;
}

export function cryptoAmountIssue(amount: string, currency: string): string | null {
  return amountBoundIssue(amount, coinDecimals(currency), currency || "Crypto");
}

export function fiatAmountIssue(amount: string, currency: string): string | null {
  return amountBoundIssue(amount, fiatMinorUnits(currency), currency || "Fiat");
}
