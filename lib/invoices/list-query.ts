import { and, eq, gte, lt, or, type SQL } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import {
  cursorKeySql as keyText,
  keysetCondition as keysetAfter,
  keysetOrder,
  type KeysetCursor,
} from "@/lib/db/keyset";
import type { InvoiceListFilter } from "./list-filter";

/**
 * The WHERE and ORDER BY pieces shared by the list and the export. Each is shaped for an index:
 * the keyset as a row comparison on (created_at, id) so it is an index condition of
 * invoices_created_keyset_idx / invoices_status_keyset_idx, and the search as an OR of
 * equalities (a BitmapOr over the order_id, service_id and customer_id indexes).
 */

/** The keyset of the list: (created_at, id), newest first. */
export const invoiceKeyset = { createdAt: invoices.createdAt, id: invoices.id };

/** created_at as full-precision UTC text, for the cursor. */
export const cursorKeySql = keyText(invoices.createdAt);

const DAY_MS = 24 * 60 * 60 * 1000;

export function filterConditions(filter: InvoiceListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.q) {
    const search = or(
      eq(invoices.orderId, filter.q),
      eq(invoices.serviceId, filter.q),
      eq(invoices.customerId, filter.q),
    );
    if (search) conditions.push(search);
  }
  // Inclusive dates in UTC: from the start of dateFrom to the end of dateTo.
  if (filter.dateFrom) conditions.push(gte(invoices.createdAt, new Date(`${filter.dateFrom}T00:00:00.000Z`)));
  if (filter.dateTo) {
    const endExclusive = new Date(Date.parse(`${filter.dateTo}T00:00:00.000Z`) + DAY_MS);
    conditions.push(lt(invoices.createdAt, endExclusive));
  }
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
