import Decimal from "decimal.js";
import { atCoinPrecision } from "@/lib/currencies/coin-precision";
import type { MoneyMeaning } from "@/lib/display/money-meaning";
import { exceptionKind, isShortAfterRefunds, type ExceptionFacts } from "./exception-status";
import { fiatAtInvoiceRate } from "./exception-stake";

export interface StakeInput extends ExceptionFacts {
  status: string;
  amount: string;
  fiatCurrency: string;
  paidFiatAmount: string | null;
  cryptoAmount: string | null;
  paidCryptoAmount: string | null;
  remainingCryptoAmount: string | null;
  currency: string | null;
  /** What refunds of it paid out so far (crypto). */
  refundedSoFar?: string | null;
}

export interface AmountPart {
  amount: string;
  unit: string;
}

export interface AtStake {
  /** "2 USDT": the figure alone, for logs and tests. */
  crypto: string | null;
  fiat: string | null;
  /** What the figure is (the excess, the shortfall, a late payment), for "Overpaid by 2.00 USDT". */
  meaning: MoneyMeaning | null;
  parts: { crypto: AmountPart | null; fiat: AmountPart | null };
}

/**
 * What an exception puts at stake, in crypto (the payment's currency) and in fiat where the
 * service reported it: the excess of an overpayment, what is missing of an underpayment, what
 * arrived after an invoice expired. Refunds paid out already are taken off the crypto figure of
 * an overpayment and of a late payment (the money at stake is what has not gone back yet). The
 * crypto figure of what Paydesk owes back is at the coin's precision: what lies beyond it can
 * never be sent.
 */
export function amountAtStake(invoice: StakeInput): AtStake {
  const { meaning, crypto, fiat } = stakeParts(invoice);
  const text = (part: AmountPart | null) => (part ? `${part.amount} ${part.unit}` : null);
  return { crypto: text(crypto), fiat: text(fiat), meaning, parts: { crypto, fiat } };
}

function stakeParts(invoice: StakeInput): {
  meaning: MoneyMeaning | null;
  crypto: AmountPart | null;
  fiat: AmountPart | null;
} {
  const kind = exceptionKind(invoice);
  const minus = (a: string | null, b: string | null) =>
    a !== null && b !== null ? Decimal.max(new Decimal(a).minus(b), 0).toFixed() : null;
  const withUnit = (value: string | null, unit: string | null) =>
    value !== null && unit ? { amount: value, unit } : null;
  const inCoin = (value: string | null) =>
    withUnit(
      value === null || !invoice.currency ? value : atCoinPrecision(value, invoice.currency).toFixed(),
      invoice.currency,
    );
  const refunded = invoice.refundedSoFar ?? "0";
  if (kind === "overpaid") {
    const excess = minus(invoice.paidCryptoAmount, invoice.cryptoAmount);
    return {
      meaning: "overpaid",
      crypto: inCoin(minus(excess, refunded)),
      fiat: withUnit(minus(invoice.paidFiatAmount, invoice.amount), invoice.fiatCurrency),
    };
  }
  if (isShortAfterRefunds(invoice)) {
    // Paid at the service, short for the merchant after refunds (exception-status.ts).
    const kept = minus(invoice.paidCryptoAmount, refunded);
    const short = minus(invoice.cryptoAmount, kept);
    return {
      meaning: "short",
      crypto: withUnit(short, invoice.currency),
      fiat: withUnit(short === null ? null : fiatAtInvoiceRate(short, invoice), invoice.fiatCurrency),
    };
  }
  if (kind === "underpaid") {
    const missing = invoice.remainingCryptoAmount ?? minus(invoice.cryptoAmount, invoice.paidCryptoAmount);
    return {
      meaning: "short",
      // What the customer still owes is the service's figure, as it says it.
      crypto: withUnit(missing === null ? null : new Decimal(missing).toFixed(), invoice.currency),
      fiat: withUnit(minus(invoice.amount, invoice.paidFiatAmount ?? "0"), invoice.fiatCurrency),
    };
  }
  if (kind === "expired_with_payment") {
    return {
      meaning: "paid_after_expiry",
      crypto: inCoin(minus(invoice.paidCryptoAmount, refunded)),
      fiat: withUnit(
        invoice.paidFiatAmount && new Decimal(invoice.paidFiatAmount).toFixed(),
        invoice.fiatCurrency,
      ),
    };
  }
  return { meaning: null, crypto: null, fiat: null };
}
