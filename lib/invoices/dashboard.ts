import "server-only";
import { and, eq, exists, gte, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { invoiceEvents, invoiceResolutions, invoices, invoiceTransactions } from "@/lib/db/schema";
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
 * Paid volume per day and fiat currency, with what was actually paid in fiat. Paid means paid or
 * overpaid, or underpaid and accepted as paid (a resolution in force). An invoice counts on the
 * UTC day of its last payment Paydesk saw; one with no payment recorded, on the day of its last
 * status change (as before payments were kept).
 */
export async function paidVolumeByDay(db: DbOrTx, since: Date): Promise<DailyVolume[]> {
  // An invoice's last payment is on or after `since` exactly when one of its payments is: reading
  // only those keeps this to the window's payments (invoice_transactions_first_seen_idx).
  const lastPayments = db.$with("last_payments").as(
    db
      .select({
        invoiceId: invoiceTransactions.invoiceId,
        at: sql<Date>`max(${invoiceTransactions.firstSeenAt})`.as("at"),
      })
      .from(invoiceTransactions)
      .where(gte(invoiceTransactions.firstSeenAt, since))
      .groupBy(invoiceTransactions.invoiceId),
  );
  // The same for status changes (invoice_events_status_changed_idx).
  const lastChanges = db.$with("last_changes").as(
    db
      .select({ invoiceId: invoiceEvents.invoiceId, at: sql<Date>`max(${invoiceEvents.createdAt})`.as("at") })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.kind, "status_changed"), gte(invoiceEvents.createdAt, since)))
      .groupBy(invoiceEvents.invoiceId),
  );
  // A status change counts for an invoice with no payment at all. Most changes of the window belong
  // to invoices paid in it: those leave first, so only the rest is looked up one by one.
  const changesWithoutPayment = db
    .select()
    .from(lastChanges)
    .where(
      and(
        notExists(
          db
            .select({ one: sql`1` })
            .from(lastPayments)
            .where(eq(lastPayments.invoiceId, lastChanges.invoiceId)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoiceTransactions)
            .where(eq(invoiceTransactions.invoiceId, lastChanges.invoiceId)),
        ),
      ),
    );
  const paidAt = unionAll(db.select().from(lastPayments), changesWithoutPayment).as("paid_at");
  const day = sql<string>`to_char(date_trunc('day', ${paidAt.at} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .with(lastPayments, lastChanges)
    .select({
      day,
      fiatCurrency: invoices.fiatCurrency,
      amount: sql<string>`sum(coalesce(${invoices.paidFiatAmount}, ${invoices.amount}))::text`,
    })
    .from(invoices)
    .innerJoin(paidAt, eq(paidAt.invoiceId, invoices.id))
    .where(
      or(
        inArray(invoices.status, ["paid", "overpaid"]),
        and(
          eq(invoices.status, "underpaid"),
          exists(
            db
              .select({ one: sql`1` })
              .from(invoiceResolutions)
              .where(
                and(
                  eq(invoiceResolutions.invoiceId, invoices.id),
                  eq(invoiceResolutions.kind, "accepted_as_paid"),
                  isNull(invoiceResolutions.reopenedAt),
                ),
              ),
          ),
        ),
      ),
    )
    .groupBy(day, invoices.fiatCurrency)
    .orderBy(day);
}
