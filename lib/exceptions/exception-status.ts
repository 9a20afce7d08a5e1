import Decimal from "decimal.js";
import { sql, type SQL } from "drizzle-orm";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { invoices } from "@/lib/db/schema";

/**
 * An invoice that did not go to plan: the customer paid too much, too little, or after it
 * expired. Each is on the worklist until it is resolved (lib/db/schema/exceptions.ts).
 *
 * An invoice the service calls paid (or overpaid) is still underpaid for the merchant when it
 * went wrong before and refunds of it sent back more than it has over the asked amount: a
 * customer refunded for an underpayment who then paid the rest (or more) has paid in full at the
 * service, but the merchant kept less than asked.
 */
export type ExceptionKind = "overpaid" | "underpaid" | "expired_with_payment";

export interface ExceptionFacts {
  status: string;
  paidCryptoAmount: string | null;
  /** The crypto amount asked; an overpaid invoice is short after refunds only against it. */
  cryptoAmount?: string | null;
  /** When Paydesk first saw it go wrong; absent where the caller knows it never matters. */
  exceptionSeenAt?: Date | string | null;
  /** What refunds of it sent back (invoices.refunded_crypto_amount, from the ledger). */
  refundedCryptoAmount?: string | null;
}

export function exceptionKind(invoice: ExceptionFacts): ExceptionKind | null {
  if (isShortAfterRefunds(invoice)) return "underpaid";
  if (invoice.status === "overpaid" || invoice.status === "underpaid") return invoice.status;
  if (invoice.status === "expired" && isPositiveAmount(invoice.paidCryptoAmount))
    return "expired_with_payment";
  return null;
}

/**
 * Paid (or overpaid) at the service, but short for the merchant after refunds of an earlier
 * exception. Overpaid: when what it kept (received minus refunded) is less than it asked. Paid:
 * whenever refunds sent money back (exceptionSql and its partial index say the same; a paid
 * invoice that kept at least what it asked after refunds is an exception with nothing at stake).
 */
export function isShortAfterRefunds(invoice: ExceptionFacts): boolean {
  if (invoice.status !== "paid" && invoice.status !== "overpaid") return false;
  if (!invoice.exceptionSeenAt || !isPositiveAmount(invoice.refundedCryptoAmount ?? null)) return false;
  if (invoice.status === "paid") return true;
  if (!isPositiveAmount(invoice.cryptoAmount ?? null)) return false;
  const kept = new Decimal(invoice.paidCryptoAmount ?? 0).minus(invoice.refundedCryptoAmount ?? 0);
  return kept.lt(invoice.cryptoAmount ?? 0);
}

/**
 * The same rule in SQL, written exactly as the partial index invoices_exceptions_idx states it so
 * the worklist and the navigation count read the index (invoices_open_exceptions_idx), not the table.
 */
export const exceptionSql: SQL = sql`(${invoices.creationState} = 'created' and (${invoices.status} in ('overpaid', 'underpaid') or (${invoices.status} = 'expired' and ${invoices.paidCryptoAmount} > 0) or (${invoices.status} = 'paid' and ${invoices.exceptionSeenAt} is not null and ${invoices.refundedCryptoAmount} > 0)))`;
