import { sql, type SQL } from "drizzle-orm";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { invoices } from "@/lib/db/schema";

/**
 * An invoice that did not go to plan: the customer paid too much, too little, or after it
 * expired. Each is on the worklist until it is resolved (lib/db/schema/exceptions.ts).
 *
 * An invoice the service calls paid is still underpaid for the merchant when it went wrong
 * before and refunds of it sent money back: a customer refunded for an underpayment who then
 * paid the rest has paid in full at the service, but the merchant kept only that rest.
 */
export type ExceptionKind = "overpaid" | "underpaid" | "expired_with_payment";

export interface ExceptionFacts {
  status: string;
  paidCryptoAmount: string | null;
  /** When Paydesk first saw it go wrong; absent where the caller knows it never matters. */
  exceptionSeenAt?: Date | string | null;
  /** What refunds of it sent back (invoices.refunded_crypto_amount, from the ledger). */
  refundedCryptoAmount?: string | null;
}

export function exceptionKind(invoice: ExceptionFacts): ExceptionKind | null {
  if (invoice.status === "overpaid" || invoice.status === "underpaid") return invoice.status;
  if (invoice.status === "expired" && isPositiveAmount(invoice.paidCryptoAmount))
    return "expired_with_payment";
  if (isShortAfterRefunds(invoice)) return "underpaid";
  return null;
}

/** Paid at the service, but short for the merchant after refunds of an earlier exception. */
export function isShortAfterRefunds(invoice: ExceptionFacts): boolean {
  return (
    invoice.status === "paid" &&
    invoice.exceptionSeenAt !== undefined &&
    invoice.exceptionSeenAt !== null &&
    isPositiveAmount(invoice.refundedCryptoAmount ?? null)
  );
}

/**
 * The same rule in SQL, written exactly as the partial index invoices_exceptions_idx states it so
 * the worklist and the navigation count read the index (invoices_open_exceptions_idx), not the table.
 */
export const exceptionSql: SQL = sql`(${invoices.creationState} = 'created' and (${invoices.status} in ('overpaid', 'underpaid') or (${invoices.status} = 'expired' and ${invoices.paidCryptoAmount} > 0) or (${invoices.status} = 'paid' and ${invoices.exceptionSeenAt} is not null and ${invoices.refundedCryptoAmount} > 0)))`;
