import "server-only";
import type Decimal from "decimal.js";
import { Money } from "./money";
import { eq, sql } from "drizzle-orm";
import { invoices, ledgerEntries, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { invoiceFigures } from "./balances";
import type { Evidence } from "./evidence";
import { payoutPosition, payoutTarget } from "./payout-target";
import { planTransfers } from "./plan-transfers";
import { writeEntries } from "./write-entries";

/**
 * Brings a payout's entries in line with its state, in the transaction that changed it: the
 * transfers between what its entries add up to and what its state asks for (payout-target.ts),
 * none when they agree, so calling it twice writes once. A refund's invoice gets its refunded
 * figure from the ledger in the same transaction.
 */
export async function syncPayoutBooks(db: DbOrTx, payout: Withdrawal, evidence: Evidence): Promise<void> {
  const current = await payoutBalances(db, payout.id);
  const transfers = planTransfers(current, payoutTarget(payout));
  if (transfers.length === 0) return;
  const paid = payoutPosition(payout) === "paid";
  await writeEntries(db, transfers, {
    currency: payout.currency,
    network: payout.network,
    invoiceId: payout.refundOfInvoiceId,
    withdrawalId: payout.id,
    txid: payout.serviceTxid,
    evidence,
    movedAt: paid ? (payout.serviceUpdatedAt ?? new Date()) : new Date(),
  });
  if (payout.refundOfInvoiceId) await keepRefundedFigure(db, payout.refundOfInvoiceId);
}

/** A payout's balance in each account its entries touch. */
export async function payoutBalances(db: DbOrTx, withdrawalId: string): Promise<Map<string, Decimal>> {
  const rows = await db
    .select({
      account: sql<string>`account`,
      balance: sql<string>`sum(delta)::text`,
    })
    .from(
      sql`(select ${ledgerEntries.toAccount} as account, ${ledgerEntries.amount} as delta from ${ledgerEntries} where ${ledgerEntries.withdrawalId} = ${withdrawalId}
           union all
           select ${ledgerEntries.fromAccount}, -${ledgerEntries.amount} from ${ledgerEntries} where ${ledgerEntries.withdrawalId} = ${withdrawalId}) as moves`,
    )
    .groupBy(sql`account`);
  return new Map(rows.map((row) => [row.account, new Money(row.balance)]));
}

/** The invoice's entries (its payments and its refunds'), oldest first. */
export function invoiceEntries(db: DbOrTx, invoiceId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.invoiceId, invoiceId))
    .orderBy(ledgerEntries.id);
}

/** Writes the invoice's refunded figure as its entries give it. */
export async function keepRefundedFigure(db: DbOrTx, invoiceId: string): Promise<void> {
  const figures = invoiceFigures(invoiceId, await invoiceEntries(db, invoiceId));
  await db
    .update(invoices)
    .set({ refundedCryptoAmount: Money.max(figures.refunded, 0).toFixed() })
    .where(eq(invoices.id, invoiceId));
}

export type InvoiceEntry = Awaited<ReturnType<typeof invoiceEntries>>[number];
