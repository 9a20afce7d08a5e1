import { sql } from "drizzle-orm";
import { invoices, type NewInvoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

/** Test rows for the list and export: only what they read, the rest defaulted. */
export interface ListTestInvoice extends Partial<Omit<NewInvoice, "createdAt">> {
  orderId: string;
  /** Full-precision timestamptz literal, e.g. "2025-03-01T10:00:00.000001Z". */
  createdAt: string;
}

export async function insertListInvoices(db: Db, rows: ListTestInvoice[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(invoices).values(
    rows.map(({ createdAt, ...row }) => ({
      creationState: "created" as const,
      request: {},
      amount: "10.00",
      fiatCurrency: "USD",
      ...row,
      createdAt: sql`${createdAt}::timestamptz`,
    })),
  );
}
