import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
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
