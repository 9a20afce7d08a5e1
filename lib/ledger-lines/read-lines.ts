import "server-only";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { invoices, ledgerEntries, users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { invoiceFigures } from "@/lib/ledger/balances";
import { Money } from "@/lib/ledger/money";
import { payoutBalances } from "@/lib/ledger/sync-payout";
import { accountInWords, evidenceInWords, whatHappened, type Viewpoint } from "./words";
import { whereaboutsOf, type Place } from "./whereabouts";

/** At most this many lines on a page: the most recent ones; the footer's figures count them all. */
export const LEDGER_LINES_SHOWN = 200;

/** One entry of the books as a page shows it, in words. */
export interface LedgerLine {
  id: number;
  /** When the money moved (ISO); shown in the reader's zone. */
  movedAt: string;
  what: string;
  amount: string;
  currency: string;
  network: string;
  from: string;
  to: string;
  txid: string | null;
  evidence: string;
}

interface Lines {
  /** Oldest first. */
  lines: LedgerLine[];
  /** How many older lines are not shown. */
  notShown: number;
}

/** What an invoice's entries add up to, per coin (an invoice has one, once paid). */
export interface InvoiceLedgerFigures {
  currency: string;
  received: string;
  refunded: string;
  /** Held by refunds on their way: requested, approved, or sent and not known to be paid. */
  held: string;
  /** What the merchant still holds of it, so what can still be refunded. */
  leftToRefund: string;
}

export interface InvoiceLedger extends Lines {
  figures: InvoiceLedgerFigures[];
}

export interface PayoutLedger extends Lines {
  currency: string;
  /** Where the payout's money is now; empty when all of it went back where it came from. */
  places: Place[];
  /** Where it came from, in words: the refunded invoice, or the merchant's balance. */
  cameFrom: string;
}

/** An invoice's lines (its payments and its refunds' moves) and its figures; null for no such invoice. */
export async function invoiceLedger(db: DbOrTx, invoiceId: string): Promise<InvoiceLedger | null> {
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const viewpoint: Viewpoint = { of: "invoice", invoiceId };
  const where = eq(ledgerEntries.invoiceId, invoiceId);
  const flows = await db
    .select({
      currency: ledgerEntries.currency,
      kind: ledgerEntries.kind,
      fromAccount: ledgerEntries.fromAccount,
      toAccount: ledgerEntries.toAccount,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .where(where)
    .groupBy(ledgerEntries.currency, ledgerEntries.kind, ledgerEntries.fromAccount, ledgerEntries.toAccount);
  const currencies = [...new Set(flows.map((flow) => flow.currency))].sort();
  const figures = currencies.map((currency) => {
    const own = invoiceFigures(
      invoiceId,
      flows.filter((flow) => flow.currency === currency),
    );
    return {
      currency,
      received: own.received.toFixed(),
      refunded: own.refunded.toFixed(),
      held: own.held.toFixed(),
      leftToRefund: own.balance.toFixed(),
    };
  });
  return { ...(await linesWhere(db, where, viewpoint)), figures };
}

/** A payout's lines and where its money is now; null for no such payout. */
export async function payoutLedger(db: DbOrTx, withdrawalId: string): Promise<PayoutLedger | null> {
  const [payout] = await db
    .select({
      currency: withdrawals.currency,
      refundOfInvoiceId: withdrawals.refundOfInvoiceId,
      invoiceOrderId: invoices.orderId,
    })
    .from(withdrawals)
    .leftJoin(invoices, eq(invoices.id, withdrawals.refundOfInvoiceId))
    .where(eq(withdrawals.id, withdrawalId));
  if (!payout) return null;
  const refund = payout.refundOfInvoiceId !== null;
  const viewpoint: Viewpoint = { of: "payout", withdrawalId, refund };
  const balances = await payoutBalances(db, withdrawalId);
  return {
    ...(await linesWhere(db, eq(ledgerEntries.withdrawalId, withdrawalId), viewpoint)),
    currency: payout.currency,
    places: whereaboutsOf(balances, refund),
    cameFrom: refund
      ? payout.invoiceOrderId
        ? `invoice ${payout.invoiceOrderId}`
        : "the refunded invoice"
      : "the merchant's balance",
  };
}

async function linesWhere(db: DbOrTx, where: SQL, viewpoint: Viewpoint): Promise<Lines> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        entry: ledgerEntries,
        invoiceOrderId: invoices.orderId,
        payoutOrderId: withdrawals.orderId,
        actorName: users.name,
        actorEmail: users.email,
      })
      .from(ledgerEntries)
      .leftJoin(invoices, eq(invoices.id, ledgerEntries.invoiceId))
      .leftJoin(withdrawals, eq(withdrawals.id, ledgerEntries.withdrawalId))
      .leftJoin(users, eq(users.id, ledgerEntries.actorId))
      .where(where)
      .orderBy(desc(ledgerEntries.movedAt), desc(ledgerEntries.id))
      .limit(LEDGER_LINES_SHOWN),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(where),
  ]);
  const orderIds = new Map<string, string>();
  for (const row of rows) {
    if (row.entry.invoiceId && row.invoiceOrderId) orderIds.set(row.entry.invoiceId, row.invoiceOrderId);
    if (row.entry.withdrawalId && row.payoutOrderId) orderIds.set(row.entry.withdrawalId, row.payoutOrderId);
  }
  const lines = rows.reverse().map(({ entry, actorName, actorEmail }) => ({
    id: entry.id,
    movedAt: entry.movedAt.toISOString(),
    what: whatHappened(entry),
    amount: new Money(entry.amount).toFixed(),
    currency: entry.currency,
    network: entry.network,
    from: accountInWords(entry.fromAccount, viewpoint, orderIds),
    to: accountInWords(entry.toAccount, viewpoint, orderIds),
    txid: entry.txid,
    evidence: evidenceInWords({ evidence: entry.evidence, actorName, actorEmail }),
  }));
  return { lines, notShown: Math.max((counted?.count ?? 0) - lines.length, 0) };
}
