import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { invoiceResolutions, invoices, invoiceTransactions, type ResolutionKind } from "@/lib/db/schema";
import {
  cursorKeySql as keyText,
  keysetCondition as keysetAfter,
  keysetOrder,
  type KeysetCursor,
} from "@/lib/db/keyset";
import { withinDays } from "@/lib/display/day-range";
import { unresolvedExceptionSql } from "@/lib/exceptions/unresolved";
import { UNRESOLVED_FILTER, type InvoiceListFilter } from "./list-filter";

/**
 * The WHERE and ORDER BY pieces shared by the list and the export. Each is shaped for an index:
 * the keyset as a row comparison on (created_at, id) so it is an index condition of
 * invoices_created_keyset_idx / invoices_status_keyset_idx, and the search as an OR of
 * equalities (a BitmapOr over the order_id, service_id and customer_id indexes).
 */

/** The keyset of the list: (created_at, id), newest first. */
export const invoiceKeyset = { createdAt: invoices.createdAt, id: invoices.id };

/**
 * The invoice's payments at a glance, read for the rows of one page (or one export batch) only:
 * how many, what they add up to in crypto, and the latest one's hash. Each is an index lookup on
 * invoice_transactions (invoice_id, …).
 */
// Qualified by hand: in a single-table select Drizzle writes a column unqualified ("id"), which
// inside the subquery would mean the transaction's own id.
const invoiceIdOuter = sql.raw(`"invoices"."id"`);

export const paymentSummarySql = {
  paymentCount: sql<number>`(select count(*)::int from ${invoiceTransactions} t where t.invoice_id = ${invoiceIdOuter})`,
  paymentTotal: sql<
    string | null
  >`(select sum(t.amount)::text from ${invoiceTransactions} t where t.invoice_id = ${invoiceIdOuter})`,
  latestTxid: sql<
    string | null
  >`(select t.txid from ${invoiceTransactions} t where t.invoice_id = ${invoiceIdOuter} order by t.first_seen_at desc nulls last, t.id desc nulls last limit 1)`,
};

/**
 * How the invoice's exception was resolved, when a resolution is in force: the list reads
 * Refunded or Resolved rather than the status. One lookup of invoice_resolutions_in_force_key
 * per row of the page.
 */
export const resolutionInForceSql = sql<ResolutionKind | null>`(select r.kind from ${invoiceResolutions} r where r.invoice_id = ${invoiceIdOuter} and r.reopened_at is null)`;

/** created_at as full-precision UTC text, for the cursor. */
export const cursorKeySql = keyText(invoices.createdAt);

export function filterConditions(filter: InvoiceListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status === UNRESOLVED_FILTER) conditions.push(unresolvedExceptionSql);
  else if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.createdBy) conditions.push(eq(invoices.createdBy, filter.createdBy));
  if (filter.q) {
    // Whole values, each read by an index: ids, the customer's email whatever its case, the
    // address paid to, or the hash of one of its payments.
    const search = or(
      eq(invoices.orderId, filter.q),
      eq(invoices.serviceId, filter.q),
      eq(invoices.customerId, filter.q),
      sql`lower(${invoices.customerEmail}) = lower(${filter.q})`,
      eq(invoices.wallet, filter.q),
      sql`${invoices.id} in (select ${invoiceTransactions.invoiceId} from ${invoiceTransactions} where ${invoiceTransactions.txid} = ${filter.q})`,
    );
    if (search) conditions.push(search);
  }
  conditions.push(...withinDays(invoices.createdAt, filter));
  return conditions;
}

/** "older": rows after the cursor in list order (next page); "newer": rows before it. */
export function keysetCondition(cursor: KeysetCursor, side: "older" | "newer"): SQL {
  return keysetAfter(invoiceKeyset, cursor, side);
}

export function whereClause(filter: InvoiceListFilter, keyset?: SQL): SQL | undefined {
  return and(...filterConditions(filter), keyset);
}

export const { newestFirst, oldestFirst } = keysetOrder(invoiceKeyset);
