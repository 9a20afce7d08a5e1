import "server-only";
import { sql } from "drizzle-orm";
import { cache } from "react";
import { invoiceResolutions, invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { exceptionSql } from "./exception-status";

/** An exception with no resolution in force: what the worklist shows (a reopened one is back on it). */
export const unresolvedExceptionSql = sql`${exceptionSql} and not exists (select 1 from ${invoiceResolutions} where ${invoiceResolutions.invoiceId} = ${invoices.id} and ${invoiceResolutions.reopenedAt} is null)`;

/**
 * How many exceptions wait, counted up to `cap` (the home page says "99+", the navigation "9+"):
 * counting every exception of a large ledger on each page would cost more than the number is
 * worth. Counted once per page render for each cap.
 */
export const countUnresolvedExceptions = cache(countUnresolvedExceptionsNow);

async function countUnresolvedExceptionsNow(db: DbOrTx, cap = 100): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(invoices)
    .where(unresolvedExceptionSql)
    .limit(cap)
    .as("capped");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}
