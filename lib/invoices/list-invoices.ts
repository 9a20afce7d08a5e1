import type { SQL } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { keysetPage, type KeysetPage } from "@/lib/db/keyset";
import type { PageSize } from "@/lib/page-size";
import type { InvoiceListFilter } from "./list-filter";
import {
  cursorKeySql,
  invoiceKeyset,
  paymentSummarySql,
  resolutionInForceSql,
  whereClause,
} from "./list-query";

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
  isFinal: invoices.isFinal,
  resolution: resolutionInForceSql,
  creationState: invoices.creationState,
  amount: invoices.amount,
  fiatCurrency: invoices.fiatCurrency,
  paidFiatAmount: invoices.paidFiatAmount,
  customerId: invoices.customerId,
  customerEmail: invoices.customerEmail,
  payUrl: invoices.payUrl,
  currency: invoices.currency,
  ...paymentSummarySql,
  createdAt: invoices.createdAt,
  expiresAt: invoices.expiresAt,
  cursorKey: cursorKeySql,
};

function selectRows(db: DbOrTx, where: SQL | undefined, order: SQL[], limit: number) {
  return db
    .select(invoiceListColumns)
    .from(invoices)
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

export type InvoiceListRow = Awaited<ReturnType<typeof selectRows>>[number];

export type InvoiceListPage = KeysetPage<InvoiceListRow>;

export function listInvoices(db: DbOrTx, query: InvoiceListQuery): Promise<InvoiceListPage> {
  return keysetPage(query, invoiceKeyset, (keyset, order, limit) =>
    selectRows(db, whereClause(query, keyset), order, limit),
  );
}

/** Whether there is any invoice at all, to tell "nothing matches" from "nothing yet". */
export async function hasAnyInvoice(db: DbOrTx): Promise<boolean> {
  const found = await db.select({ id: invoices.id }).from(invoices).limit(1);
  return found.length > 0;
}
