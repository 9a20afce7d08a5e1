import { invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { decodeCursor, encodeCursor } from "./list-cursor";
import type { InvoiceListFilter, PageSize } from "./list-filter";
import { cursorKeySql, keysetCondition, newestFirst, oldestFirst, whereClause } from "./list-query";

/**
 * One page of the invoice list, newest first, by keyset (never OFFSET): the cost of a page is the
 * same on page 1 and page 40,000. A cursor that does not decode is ignored (first page).
 */
export interface InvoiceListQuery extends InvoiceListFilter {
  limit: PageSize;
  cursor?: string;
  /** "prev": the page before `cursor`. */
  dir?: "next" | "prev";
}

/** The columns a list page reads (exported for the benchmark's EXPLAIN). */
export const invoiceListColumns = {
  id: invoices.id,
  orderId: invoices.orderId,
  serviceId: invoices.serviceId,
  status: invoices.status,
  serviceStatus: invoices.serviceStatus,
  creationState: invoices.creationState,
  amount: invoices.amount,
  fiatCurrency: invoices.fiatCurrency,
  paidFiatAmount: invoices.paidFiatAmount,
  customerId: invoices.customerId,
  payUrl: invoices.payUrl,
  createdAt: invoices.createdAt,
  expiresAt: invoices.expiresAt,
  cursorKey: cursorKeySql,
};

export interface InvoiceListRow {
  id: string;
  orderId: string;
  serviceId: string | null;
  status: string;
  serviceStatus: string | null;
  creationState: "sending" | "created" | "rejected";
  amount: string;
  fiatCurrency: string;
  paidFiatAmount: string | null;
  customerId: string | null;
  payUrl: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  cursorKey: string;
}

export interface InvoiceListPage {
  rows: InvoiceListRow[];
  /** Cursor of the page after this one, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for `dir=prev`, or null on the first page. */
  prevCursor: string | null;
}

const cursorOf = (row: InvoiceListRow | undefined) =>
  row ? encodeCursor({ createdAt: row.cursorKey, id: row.id }) : null;

export async function listInvoices(db: DbOrTx, query: InvoiceListQuery): Promise<InvoiceListPage> {
  const cursor = decodeCursor(query.cursor);
  const backward = cursor !== null && query.dir === "prev";
  const keyset = cursor ? keysetCondition(cursor, backward ? "newer" : "older") : undefined;
  const fetched: InvoiceListRow[] = await db
    .select(invoiceListColumns)
    .from(invoices)
    .where(whereClause(query, keyset))
    .orderBy(...(backward ? oldestFirst : newestFirst))
    .limit(query.limit + 1);
  const hasMore = fetched.length > query.limit;
  const rows = fetched.slice(0, query.limit);

  if (backward) {
    // Walking back reached the newest rows: show a full first page rather than a short one.
    if (!hasMore) return listInvoices(db, { ...query, cursor: undefined, dir: undefined });
    rows.reverse();
    return { rows, nextCursor: cursorOf(rows.at(-1)), prevCursor: cursorOf(rows[0]) };
  }
  return {
    rows,
    nextCursor: hasMore ? cursorOf(rows.at(-1)) : null,
    prevCursor: cursor ? cursorOf(rows[0]) : null,
  };
}

/** Whether there is any invoice at all, to tell "nothing matches" from "nothing yet". */
export async function hasAnyInvoice(db: DbOrTx): Promise<boolean> {
  const found = await db.select({ id: invoices.id }).from(invoices).limit(1);
  return found.length > 0;
}
