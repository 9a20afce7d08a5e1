import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { invoices, invoiceTransactions, ledgerEntries, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { invoiceFigures } from "./balances";
import { Money } from "./money";
import { payoutTarget } from "./payout-target";
import { planTransfers } from "./plan-transfers";
import { invoiceEntries, payoutBalances } from "./sync-payout";

export interface LedgerDifference {
  /** invoice, payout, or books (an entry that moves nothing). */
  subject: "invoice" | "payout" | "books";
  id: string;
  orderId?: string;
  what: string;
}

const PAGE = 500;

/**
 * Recomputes every balance from the entries and compares it with the state Paydesk shows: each
 * invoice's received (the service's total, else its payments) and refunded figures, each
 * payout's accounts against what its state asks for, and every coin's accounts summing to zero.
 * Reads in pages, so it runs on a large database without holding it.
 */
export async function findLedgerDifferences(db: DbOrTx): Promise<LedgerDifference[]> {
  const differences: LedgerDifference[] = [];
  for await (const invoice of pages(invoicePage(db))) differences.push(...(await checkInvoice(db, invoice)));
  for await (const payout of pages(payoutPage(db))) differences.push(...(await checkPayout(db, payout)));
  // Each entry takes from one account what it gives another, so the books sum to zero by
  // construction; what can still go wrong is an amount that is not a movement at all.
  const malformed = await db
    .select({ id: ledgerEntries.id, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.amount} <= 0 or ${ledgerEntries.fromAccount} = ${ledgerEntries.toAccount}`)
    .limit(100);
  for (const entry of malformed) {
    differences.push({
      subject: "books",
      id: String(entry.id),
      what: `entry of ${entry.amount} moves nothing`,
    });
  }
  return differences;
}

type InvoiceRow = typeof invoices.$inferSelect;
type PayoutRow = typeof withdrawals.$inferSelect;

/** Every row of a table, in pages by id. */
async function* pages<Row extends { id: string }>(
  read: (after: string, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await read(after, PAGE);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

const invoicePage = (db: DbOrTx) => (after: string, limit: number) =>
  db.select().from(invoices).where(gt(invoices.id, after)).orderBy(asc(invoices.id)).limit(limit);
const payoutPage = (db: DbOrTx) => (after: string, limit: number) =>
  db.select().from(withdrawals).where(gt(withdrawals.id, after)).orderBy(asc(withdrawals.id)).limit(limit);

async function checkInvoice(db: DbOrTx, invoice: InvoiceRow): Promise<LedgerDifference[]> {
  const found: LedgerDifference[] = [];
  const figures = invoiceFigures(invoice.id, await invoiceEntries(db, invoice.id));
  const at = (what: string) =>
    found.push({ subject: "invoice", id: invoice.id, orderId: invoice.orderId, what });
  if (invoice.currency) {
    const [payments] = await db
      .select({ total: sql<string | null>`sum(${invoiceTransactions.amount})::text` })
      .from(invoiceTransactions)
      .where(and(eq(invoiceTransactions.invoiceId, invoice.id), gt(invoiceTransactions.amount, "0")));
    const shown = new Money(invoice.paidCryptoAmount ?? payments?.total ?? 0);
    if (!shown.eq(figures.received))
      at(`received ${shown.toFixed()} shown, ${figures.received.toFixed()} in the books`);
  } else if (!figures.received.isZero()) {
    at(`received ${figures.received.toFixed()} in the books for an invoice with no coin`);
  }
  if (!new Money(invoice.refundedCryptoAmount).eq(figures.refunded)) {
    at(`refunded ${invoice.refundedCryptoAmount} shown, ${figures.refunded.toFixed()} in the books`);
  }
  return found;
}

async function checkPayout(db: DbOrTx, payout: PayoutRow): Promise<LedgerDifference[]> {
  const missing = planTransfers(await payoutBalances(db, payout.id), payoutTarget(payout));
  return missing.map((transfer) => ({
    subject: "payout" as const,
    id: payout.id,
    orderId: payout.orderId,
    what: `${payout.state} here, but the books lack ${transfer.kind} ${transfer.amount.toFixed()} ${payout.currency} from ${transfer.from} to ${transfer.to}`,
  }));
}
