import "server-only";
import Decimal from "decimal.js";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { atCoinPrecision, coinDecimals } from "@/lib/currencies/coin-precision";
import { invoiceResolutions, invoices, invoiceTransactions, users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { exceptionKind, type ExceptionKind } from "./exception-status";
import { invoiceFigures, type InvoiceFigures } from "@/lib/ledger/balances";
import { invoiceEntries } from "@/lib/ledger/sync-payout";
import { refundToSettle } from "./refund-cap";

/**
 * An invoice's money as refunds are decided on it: what it received in its payment currency, the
 * refunds linked to it, what they hold and what they paid out, its exception and the resolution
 * in force, and the wallets its payments came from.
 *
 * Every figure of money is the ledger's (lib/ledger): what was received (the service's
 * paid_crypto_amount when it reported one, else the payments seen), what refunds sent back, and
 * what is left to refund: received, at the coin's precision, minus what refunds hold or sent.
 */
export async function loadRefundLedger(db: DbOrTx, invoiceId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      status: invoices.status,
      isFinal: invoices.isFinal,
      creationState: invoices.creationState,
      currency: invoices.currency,
      network: invoices.network,
      cryptoAmount: invoices.cryptoAmount,
      paidCryptoAmount: invoices.paidCryptoAmount,
      customerId: invoices.customerId,
      exceptionSeenAt: invoices.exceptionSeenAt,
      refundedCryptoAmount: invoices.refundedCryptoAmount,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  // Refunds of one invoice decided at once queue on the invoice's row, so the second sees the first.
  const [invoice] = options.lock ? await query.for("update") : await query;
  if (!invoice) return null;
  // One query at a time: inside a transaction `db` is one connection, which runs one at a time anyway.
  const books = invoiceFigures(invoiceId, await invoiceEntries(db, invoiceId));
  const wallets = await db
    .selectDistinct({
      wallet: invoiceTransactions.sourceWallet,
      firstSeenAt: invoiceTransactions.firstSeenAt,
    })
    .from(invoiceTransactions)
    .where(eq(invoiceTransactions.invoiceId, invoiceId))
    .orderBy(asc(invoiceTransactions.firstSeenAt));
  const refunds = await db
    .select({
      id: withdrawals.id,
      orderId: withdrawals.orderId,
      amount: withdrawals.amount,
      state: withdrawals.state,
      nothingSentAt: withdrawals.nothingSentAt,
      address: withdrawals.address,
      txid: withdrawals.serviceTxid,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.refundOfInvoiceId, invoiceId))
    .orderBy(desc(withdrawals.createdAt));
  const [resolution] = await db
    .select({ kind: invoiceResolutions.kind, by: users.email, at: invoiceResolutions.createdAt })
    .from(invoiceResolutions)
    .leftJoin(users, eq(users.id, invoiceResolutions.resolvedBy))
    .where(and(eq(invoiceResolutions.invoiceId, invoiceId), isNull(invoiceResolutions.reopenedAt)));
  const received = books.received.toFixed();
  const currency = invoice.currency ?? "";
  const exception: ExceptionKind | null = invoice.creationState === "created" ? exceptionKind(invoice) : null;
  const paidBack = books.refunded;
  const toSettle = exception
    ? refundToSettle(exception, { currency, received, cryptoAmount: invoice.cryptoAmount })
    : null;
  return {
    invoice,
    currency,
    received,
    refunds,
    refundable: refundableNow(books, currency),
    exception,
    /** The resolution in force; null while the exception waits (or there is none). */
    resolution: resolution ?? null,
    refundedSoFar: paidBack.toFixed(),
    /** What refunds must pay back to settle the exception by refunding; null without an exception. */
    toSettle: toSettle?.toFixed() ?? null,
    leftToSettle: toSettle ? Decimal.max(toSettle.minus(paidBack), 0).toFixed() : null,
    sourceWallets: [...new Set(wallets.flatMap((row) => (row.wallet ? [row.wallet] : [])))],
  };
}

function refundableNow(books: InvoiceFigures, currency: string): string {
  const spoken = books.received.minus(books.balance);
  const left = atCoinPrecision(books.received, currency).minus(spoken);
  return Decimal.max(left, 0).toFixed(coinDecimals(currency));
}

export type RefundLedger = NonNullable<Awaited<ReturnType<typeof loadRefundLedger>>>;
