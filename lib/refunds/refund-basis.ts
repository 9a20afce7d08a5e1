import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { invoices, invoiceTransactions, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { refundableLeft } from "./refund-cap";

/**
 * What a refund of one invoice is decided on: the invoice, what it received in its payment
 * currency, the refunds already linked to it and the wallets its payments came from.
 *
 * What was received is the service's paid_crypto_amount when it reported one (its ledger is the
 * truth), else the sum of the transactions Paydesk has seen.
 */
export async function loadRefundBasis(db: DbOrTx, invoiceId: string, options: { lock?: boolean } = {}) {
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
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  // Two refunds requested at once queue on the invoice's row, so the second sees the first.
  const [invoice] = options.lock ? await query.for("update") : await query;
  if (!invoice) return null;
  const [payments] = await db
    .select({ total: sql<string | null>`sum(${invoiceTransactions.amount})::text` })
    .from(invoiceTransactions)
    .where(eq(invoiceTransactions.invoiceId, invoiceId));
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
      address: withdrawals.address,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.refundOfInvoiceId, invoiceId))
    .orderBy(desc(withdrawals.createdAt));
  const received = invoice.paidCryptoAmount ?? payments?.total ?? "0";
  const currency = invoice.currency ?? "";
  return {
    invoice,
    currency,
    received,
    refunds,
    refundable: refundableLeft({ currency, received, refunds }),
    sourceWallets: [...new Set(wallets.flatMap((row) => (row.wallet ? [row.wallet] : [])))],
  };
}
