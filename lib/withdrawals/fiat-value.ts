import Decimal from "decimal.js";
import { fiatMinorUnits } from "@/lib/currencies/fiat";

/**
 * A rate the service itself applied, read off one of the merchant's invoices: the fiat and crypto
 * amounts of the same money. The service publishes no rates; these are the only ones Paydesk has.
 */
export interface ServiceRate {
  coin: string;
  fiatCurrency: string;
  fiatAmount: string;
  cryptoAmount: string;
  /** The invoice the rate was read from. */
  invoiceId: string;
  orderId: string;
  /** When the service applied it: the invoice's payment, or its quote at creation. */
  at: string;
  /** "payment": what the refunded invoice's payments were worth; "quote": the latest invoice's. */
  basis: "payment" | "quote";
}

/**
 * What a payout is worth in fiat, for the person approving it: the fiat amount it was asked in,
 * the crypto amount at a rate the service applied (never one made up), or not known.
 */
export type FiatValue =
  | { kind: "asked"; amount: string; currency: string }
  | {
      kind: "at-rate";
      amount: string;
      currency: string;
      rate: Omit<ServiceRate, "fiatAmount" | "cryptoAmount">;
    }
  /** `currency`: the reporting currency it was looked for in, when the caller says. */
  | { kind: "unknown"; currency?: string };

/** The rate's fiat value of `crypto`, rounded to the fiat currency's minor units; null when unusable. */
export function convertAtRate(crypto: string, rate: ServiceRate): string | null {
  const fiat = new Decimal(rate.fiatAmount);
  const cryptoOfRate = new Decimal(rate.cryptoAmount);
  if (!fiat.isFinite() || !cryptoOfRate.isFinite() || fiat.lte(0) || cryptoOfRate.lte(0)) return null;
  const minor = fiatMinorUnits(rate.fiatCurrency);
  return new Decimal(crypto)
    .times(fiat)
    .dividedBy(cryptoOfRate)
    .toDecimalPlaces(minor, Decimal.ROUND_HALF_UP)
    .toFixed(minor);
}

export function payoutFiatValue(
  withdrawal: {
    amount: string | null;
    currency: string;
    fiatAmount: string | null;
    fiatCurrency: string | null;
  },
  rate: ServiceRate | null,
): FiatValue {
  if (!withdrawal.amount) {
    return withdrawal.fiatAmount && withdrawal.fiatCurrency
      ? { kind: "asked", amount: withdrawal.fiatAmount, currency: withdrawal.fiatCurrency }
      : { kind: "unknown" };
  }
  if (!rate || rate.coin !== withdrawal.currency) return { kind: "unknown" };
  const amount = convertAtRate(withdrawal.amount, rate);
  if (amount === null) return { kind: "unknown" };
  const { coin, fiatCurrency, invoiceId, orderId, at, basis } = rate;
  return {
    kind: "at-rate",
    amount,
    currency: fiatCurrency,
    rate: { coin, fiatCurrency, invoiceId, orderId, at, basis },
  };
}
