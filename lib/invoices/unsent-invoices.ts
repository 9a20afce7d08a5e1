import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/**
 * Invoices whose creation the service never confirmed and that the loop stopped sending (past
 * its last attempt, next_send_at null): a person checks and uses Send again. Oldest first, with
 * what was asked and the last error.
 */
export async function listUnsentInvoices(db: DbOrTx, limit = 20) {
  const rows = await unsentInvoicesQuery(db, limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The query itself, for its plan test. */
export function unsentInvoicesQuery(db: DbOrTx, limit: number) {
  return db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      amount: invoices.amount,
      fiatCurrency: invoices.fiatCurrency,
      lastError: invoices.creationError,
      sendAttempts: invoices.sendAttempts,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(
      // Exactly the predicate of invoices_unsent_idx, read in its order: the oldest 20, however
      // many invoices there are. (Saying "no service id" too, always true of these, made the
      // planner misjudge how few rows match and sort every invoice without one.)
      and(eq(invoices.creationState, "sending"), isNull(invoices.nextSendAt)),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .limit(limit);
}

export type UnsentInvoice = Awaited<ReturnType<typeof listUnsentInvoices>>[number];
