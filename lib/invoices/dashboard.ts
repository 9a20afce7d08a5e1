import "server-only";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { invoiceEvents, invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { InvoiceStatus } from "./status";

export type StatusCounts = Partial<Record<InvoiceStatus, number>>;

export async function countInvoicesByStatus(db: DbOrTx, since: Date): Promise<StatusCounts> {
  const rows = await db
    .select({ status: invoices.status, count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(eq(invoices.creationState, "created"), gte(invoices.createdAt, since)))
    .groupBy(invoices.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

export interface DailyVolume {
  day: string;
  fiatCurrency: string;
  /** Decimal string: the sum is done by Postgres on numeric, never in floats. */
  amount: string;
}

/**
 * Paid volume per day and fiat currency. An invoice counts on the day its last status change
 * happened (paid statuses are final), with what was actually paid in fiat.
 */
export async function paidVolumeByDay(db: DbOrTx, since: Date): Promise<DailyVolume[]> {
  const paidAt = db
    .select({ invoiceId: invoiceEvents.invoiceId, at: sql<Date>`max(${invoiceEvents.createdAt})`.as("at") })
    .from(invoiceEvents)
    // An invoice's last change is on or after `since` exactly when one of its changes is: reading
    // only those keeps this to the window's events (invoice_events_status_changed_idx), not all.
    .where(and(eq(invoiceEvents.kind, "status_changed"), gte(invoiceEvents.createdAt, since)))
    .groupBy(invoiceEvents.invoiceId)
    .as("paid_at");
  const day = sql<string>`to_char(date_trunc('day', ${paidAt.at} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      fiatCurrency: invoices.fiatCurrency,
      amount: sql<string>`sum(coalesce(${invoices.paidFiatAmount}, ${invoices.amount}))::text`,
    })
    .from(invoices)
    .innerJoin(paidAt, eq(paidAt.invoiceId, invoices.id))
    .where(and(inArray(invoices.status, ["paid", "overpaid"]), gte(paidAt.at, since)))
    .groupBy(day, invoices.fiatCurrency)
    .orderBy(day);
}
