import "server-only";
import { Money } from "./money";
import { eq } from "drizzle-orm";
import { invoices, invoiceTransactions } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { invoiceAccount, WORLD } from "./accounts";
import { invoiceFigures } from "./balances";
import type { Evidence } from "./evidence";
import { invoiceEntries } from "./sync-payout";
import { writeEntries } from "./write-entries";

/**
 * Brings an invoice's receipts in the ledger in line with what Paydesk knows it received, in the
 * transaction that learnt it: one `received` entry per payment not yet in the books (at the time
 * it was first seen), then, when the service's total (paid_crypto_amount, its own ledger and the
 * truth) differs from what the entries add up to, one `received_adjusted` entry for the
 * difference. Calling it again writes nothing.
 */
export async function syncInvoiceReceipts(db: DbOrTx, invoiceId: string, evidence: Evidence): Promise<void> {
  const [invoice] = await db
    .select({ currency: invoices.currency, network: invoices.network, paid: invoices.paidCryptoAmount })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  // No coin yet: nothing can have been paid.
  if (!invoice?.currency) return;
  const entries = await invoiceEntries(db, invoiceId);
  const booked = new Set(
    entries.flatMap((entry) => (entry.kind === "received" && entry.txid ? [entry.txid] : [])),
  );
  const payments = await db
    .select({
      txid: invoiceTransactions.txid,
      amount: invoiceTransactions.amount,
      at: invoiceTransactions.firstSeenAt,
    })
    .from(invoiceTransactions)
    .where(eq(invoiceTransactions.invoiceId, invoiceId))
    .orderBy(invoiceTransactions.firstSeenAt, invoiceTransactions.id);
  const account = invoiceAccount(invoiceId);
  const context = {
    currency: invoice.currency,
    network: invoice.network ?? "",
    invoiceId,
    evidence,
    movedAt: new Date(),
  };
  const fresh = payments.filter((payment) => !booked.has(payment.txid) && new Money(payment.amount).gt(0));
  await writeEntries(
    db,
    fresh.map((payment) => ({
      kind: "received" as const,
      from: WORLD,
      to: account,
      amount: new Money(payment.amount),
      txid: payment.txid,
      movedAt: payment.at,
    })),
    context,
  );
  const inBooks = invoiceFigures(invoiceId, entries).received.plus(
    fresh.reduce((total, payment) => total.plus(payment.amount), new Money(0)),
  );
  const truth = new Money(
    invoice.paid ?? payments.reduce((total, payment) => total.plus(payment.amount), new Money(0)),
  );
  const difference = truth.minus(inBooks);
  if (difference.isZero()) return;
  await writeEntries(
    db,
    [
      difference.gt(0)
        ? { kind: "received_adjusted", from: WORLD, to: account, amount: difference }
        : { kind: "received_adjusted", from: account, to: WORLD, amount: difference.negated() },
    ],
    context,
  );
}
