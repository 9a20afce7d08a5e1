import "server-only";
import { asc, desc, eq, isNull } from "drizzle-orm";
import { invoiceResolutions, invoices, users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { amountAtStake } from "./amount-at-stake";
import { unresolvedExceptionSql } from "./unresolved";

const invoiceColumns = {
  id: invoices.id,
  orderId: invoices.orderId,
  status: invoices.status,
  serviceStatus: invoices.serviceStatus,
  isFinal: invoices.isFinal,
  amount: invoices.amount,
  fiatCurrency: invoices.fiatCurrency,
  paidFiatAmount: invoices.paidFiatAmount,
  cryptoAmount: invoices.cryptoAmount,
  paidCryptoAmount: invoices.paidCryptoAmount,
  remainingCryptoAmount: invoices.remainingCryptoAmount,
  currency: invoices.currency,
  customerId: invoices.customerId,
  createdAt: invoices.createdAt,
  exceptionSeenAt: invoices.exceptionSeenAt,
  refundedCryptoAmount: invoices.refundedCryptoAmount,
  /** What refunds of it sent back, from the ledger: the stake of an overpaid or late invoice shrinks by it. */
  refundedSoFar: invoices.refundedCryptoAmount,
};

/**
 * The home page's worklist: exceptions nobody has resolved, oldest first (the longest waiting
 * customer comes first), with what each puts at stake. Reads the partial index
 * invoices_exceptions_idx in order, so it stays fast however many invoices there are.
 */
export async function listUnresolvedExceptions(db: DbOrTx, limit = 20) {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(unresolvedExceptionSql)
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), atStake: amountAtStake(row) }));
}

/** Resolved exceptions, most recently resolved first, with how, by whom and the note. */
export async function listResolvedExceptions(db: DbOrTx, limit = 20) {
  const rows = await db
    .select({
      ...invoiceColumns,
      how: invoiceResolutions.kind,
      note: invoiceResolutions.note,
      resolvedAt: invoiceResolutions.createdAt,
      resolvedBy: users.email,
    })
    .from(invoiceResolutions)
    .innerJoin(invoices, eq(invoices.id, invoiceResolutions.invoiceId))
    .leftJoin(users, eq(users.id, invoiceResolutions.resolvedBy))
    .where(isNull(invoiceResolutions.reopenedAt))
    .orderBy(desc(invoiceResolutions.createdAt), desc(invoiceResolutions.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt.toISOString(),
    atStake: amountAtStake(row),
  }));
}

export type UnresolvedException = Awaited<ReturnType<typeof listUnresolvedExceptions>>[number];
export type ResolvedException = Awaited<ReturnType<typeof listResolvedExceptions>>[number];
