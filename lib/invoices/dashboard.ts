import "server-only";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
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
    .where(eq(invoiceEvents.kind, "status_changed"))
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

export async function listExceptions(db: DbOrTx, since: Date, limit = 20) {
  return db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      status: invoices.status,
      serviceStatus: invoices.serviceStatus,
      isFinal: invoices.isFinal,
      amount: invoices.amount,
      paidFiatAmount: invoices.paidFiatAmount,
      fiatCurrency: invoices.fiatCurrency,
      customerId: invoices.customerId,
      updatedAt: invoices.updatedAt,
    })
    .from(invoices)
    .where(
      and(inArray(invoices.status, ["underpaid", "overpaid", "expired"]), gte(invoices.updatedAt, since)),
    )
    .orderBy(desc(invoices.updatedAt))
    .limit(limit);
}

export type ExceptionRow = Awaited<ReturnType<typeof listExceptions>>[number];

/** What a person should do about an exception, in a sentence. */
export function nextStep(row: ExceptionRow): string {
  const paid = `${row.paidFiatAmount ?? "0"} of ${row.amount} ${row.fiatCurrency}`;
  if (row.status === "overpaid") return `Paid ${paid}. Refund the difference or credit it to the customer.`;
  if (row.status === "underpaid" && !row.isFinal) {
    return `Paid ${paid} so far. Ask the customer to pay the rest before the link expires.`;
  }
  if (row.status === "underpaid")
    return `Paid only ${paid}. Refund it, or invoice the remainder with Duplicate.`;
  return "Expired unpaid. If the customer still wants to pay, Duplicate re-issues it.";
}
