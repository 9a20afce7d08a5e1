import { sql, type SQL } from "drizzle-orm";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { invoices } from "@/lib/db/schema";

/**
 * An invoice that did not go to plan: the customer paid too much, too little, or after it
 * expired. Each is on the worklist until it is resolved (lib/db/schema/exceptions.ts).
 */
export type ExceptionKind = "overpaid" | "underpaid" | "expired_with_payment";

export function exceptionKind(invoice: {
  status: string;
  paidCryptoAmount: string | null;
}): ExceptionKind | null {
  if (invoice.status === "overpaid" || invoice.status === "underpaid") return invoice.status;
  if (invoice.status === "expired" && isPositiveAmount(invoice.paidCryptoAmount))
    return "expired_with_payment";
  return null;
}

/**
 * The same rule in SQL, written exactly as the partial index invoices_exceptions_idx states it so
 * the worklist and the navigation count read the index, not the table.
 */
export const exceptionSql: SQL = sql`(${invoices.creationState} = 'created' and (${invoices.status} in ('overpaid', 'underpaid') or (${invoices.status} = 'expired' and ${invoices.paidCryptoAmount} > 0)))`;
