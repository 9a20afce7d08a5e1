import Decimal from "decimal.js";
import { fiatMinorUnits } from "@/lib/currencies/fiat";
import { exceptionKind, type ExceptionKind } from "./exception-status";

export interface StakeInvoice {
  status: string;
  /** The fiat amount the invoice asked for, and its currency. */
  amount: string;
  fiatCurrency: string;
  /** The crypto amount it asked for (the service's conversion of `amount`). */
  cryptoAmount: string | null;
  remainingCryptoAmount: string | null;
  currency: string | null;
  /** What it received in its coin (the ledger's figure: the service's paid amount, else the payments seen). */
  received: string;
  /** What refunds of it sent back (the ledger's figure). */
  refunded?: string;
  /** When it first went wrong; with money refunded, a paid invoice is still short (exception-status.ts). */
  exceptionSeenAt?: Date | string | null;
}

/** What an exception puts at stake, as its card leads with it. Amounts are decimal strings. */
export interface ExceptionStake {
  kind: ExceptionKind;
  /** The excess of an overpayment, what is missing of an underpayment, what came after expiry. */
  crypto: string;
  currency: string;
  /** The same in the invoice's fiat at the invoice's own rate; null when it has no crypto amount. */
  fiat: string | null;
  fiatCurrency: string;
}

/**
 * The crypto amount in the invoice's fiat at the rate the invoice itself was priced at (its fiat
 * amount over its crypto amount), to the currency's minor units. Not today's rate: what the
 * customer paid was converted at this one.
 */
export function fiatAtInvoiceRate(
  crypto: Decimal.Value,
  invoice: { amount: string; fiatCurrency: string; cryptoAmount: string | null },
): string | null {
  if (invoice.cryptoAmount === null || new Decimal(invoice.cryptoAmount).lte(0)) return null;
  return new Decimal(crypto)
    .times(invoice.amount)
    .dividedBy(invoice.cryptoAmount)
    .toFixed(fiatMinorUnits(invoice.fiatCurrency), Decimal.ROUND_HALF_UP);
}

/** The excess, the missing part or the late payment of an invoice that did not go to plan; null otherwise. */
export function exceptionStake(invoice: StakeInvoice): ExceptionStake | null {
  const kind = exceptionKind({
    status: invoice.status,
    paidCryptoAmount: invoice.received,
    cryptoAmount: invoice.cryptoAmount,
    exceptionSeenAt: invoice.exceptionSeenAt ?? null,
    refundedCryptoAmount: invoice.refunded ?? null,
  });
  if (!kind || !invoice.currency) return null;
  const crypto = stakeInCrypto(kind, invoice);
  if (crypto === null) return null;
  return {
    kind,
    crypto: crypto.toFixed(),
    currency: invoice.currency,
    fiat: fiatAtInvoiceRate(crypto, invoice),
    fiatCurrency: invoice.fiatCurrency,
  };
}

function stakeInCrypto(kind: ExceptionKind, invoice: StakeInvoice): Decimal | null {
  const received = new Decimal(invoice.received);
  if (kind === "expired_with_payment") return received;
  if (invoice.cryptoAmount === null) {
    return kind === "underpaid" && invoice.remainingCryptoAmount !== null
      ? new Decimal(invoice.remainingCryptoAmount)
      : null;
  }
  const asked = new Decimal(invoice.cryptoAmount);
  if (kind === "overpaid") return Decimal.max(received.minus(asked), 0);
  // Paid at the service but short after refunds: what the merchant kept is what came minus what went back.
  if (invoice.status !== "underpaid")
    return Decimal.max(asked.minus(received.minus(invoice.refunded ?? 0)), 0);
  // The service's own figure for what is missing when it gave one: it knows its tolerance.
  return invoice.remainingCryptoAmount !== null
    ? new Decimal(invoice.remainingCryptoAmount)
    : Decimal.max(asked.minus(received), 0);
}
