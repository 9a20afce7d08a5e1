// Test support for the model-based tests: the invariants of money that hold after every step,
// each a named function that returns what breaks it (empty when it holds). Each states its rule in
// terms of the books, the rows and what people see, written from the rules rather than from the
// code that keeps them. Not imported by application code.
import Decimal from "decimal.js";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { atCoinPrecision } from "@/lib/currencies/coin-precision";
import { invoiceResolutions, invoices, ledgerEntries, ledgerTotals, withdrawals } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { exceptionKind, type ExceptionKind } from "@/lib/exceptions/exception-status";
import { unresolvedExceptionSql } from "@/lib/exceptions/unresolved";
import { accountRole, accountType } from "@/lib/ledger/accounts";
import { balancesOf, invoiceFigures, type EntryFlow } from "@/lib/ledger/balances";
import { findLedgerDifferences } from "@/lib/ledger/check";
import { invoiceEntries, type InvoiceEntry } from "@/lib/ledger/sync-payout";

const sum = (values: Iterable<Decimal.Value>) =>
  [...values].reduce<Decimal>((total, value) => total.plus(value), new Decimal(0));

/** Where the books stood when a run started: its entries are the ones after, the totals moved by them. */
export interface BooksMark {
  lastEntryId: number;
  totals: Map<string, Decimal>;
}

const totalsKey = (parts: { currency: string; network: string; kind: string; from: string; to: string }) =>
  `${parts.currency}/${parts.network} ${parts.kind} ${parts.from}->${parts.to}`;

async function totalsNow(db: Db): Promise<Map<string, Decimal>> {
  const rows = await db
    .select({
      currency: ledgerTotals.currency,
      network: ledgerTotals.network,
      kind: ledgerTotals.kind,
      from: ledgerTotals.fromType,
      to: ledgerTotals.toType,
      amount: sql<string>`sum(${ledgerTotals.amount})::text`,
    })
    .from(ledgerTotals)
    .groupBy(
      ledgerTotals.currency,
      ledgerTotals.network,
      ledgerTotals.kind,
      ledgerTotals.fromType,
      ledgerTotals.toType,
    );
  return new Map(rows.map((row) => [totalsKey(row), new Decimal(row.amount)]));
}

export async function markBooks(db: Db): Promise<BooksMark> {
  const [last] = await db
    .select({ id: sql<number>`coalesce(max(${ledgerEntries.id}), 0)::int` })
    .from(ledgerEntries);
  return { lastEntryId: last?.id ?? 0, totals: await totalsNow(db) };
}

/** The entries written since the mark, oldest first. */
export function entriesSince(db: Db, mark: BooksMark) {
  return db
    .select()
    .from(ledgerEntries)
    .where(gt(ledgerEntries.id, mark.lastEntryId))
    .orderBy(ledgerEntries.id);
}
type Entry = Awaited<ReturnType<typeof entriesSince>>[number];

/**
 * 1. The books balance. Each entry moves its amount from one account to another, so a movement
 * sums to zero by construction; what is checked is what that leaves to go wrong: every account's
 * balance, summed by the database over signed legs, is what the application's balancesOf makes
 * of the same entries, and all accounts of a coin sum to zero; each movement (one state change)
 * stays in one coin and one invoice or payout; and ledger_totals (kept by a trigger) moved by
 * exactly the entries written.
 */
export async function booksBalance(db: Db, mark: BooksMark, entries: readonly Entry[]): Promise<string[]> {
  const problems: string[] = [];
  const legs = sql`(select ${ledgerEntries.currency} as currency, ${ledgerEntries.network} as network, ${ledgerEntries.toAccount} as account, ${ledgerEntries.amount} as delta from ${ledgerEntries} where ${ledgerEntries.id} > ${mark.lastEntryId}
    union all
    select ${ledgerEntries.currency}, ${ledgerEntries.network}, ${ledgerEntries.fromAccount}, -${ledgerEntries.amount} from ${ledgerEntries} where ${ledgerEntries.id} > ${mark.lastEntryId}) as legs`;
  const accounts = await db
    .select({
      coin: sql<string>`currency || '/' || network`,
      account: sql<string>`account`,
      balance: sql<string>`sum(delta)::text`,
    })
    .from(legs)
    .groupBy(sql`currency, network, account`);
  const byCoin = new Map<string, EntryFlow[]>();
  for (const entry of entries) {
    const coin = `${entry.currency}/${entry.network}`;
    byCoin.set(coin, [...(byCoin.get(coin) ?? []), entry]);
  }
  const coinTotals = new Map<string, Decimal>();
  for (const row of accounts) {
    coinTotals.set(row.coin, (coinTotals.get(row.coin) ?? new Decimal(0)).plus(row.balance));
    const fromEntries = balancesOf(byCoin.get(row.coin) ?? []).get(row.account) ?? new Decimal(0);
    if (!fromEntries.eq(row.balance)) {
      problems.push(
        `${row.account} (${row.coin}) holds ${row.balance} by the database, ${fromEntries.toFixed()} by its entries`,
      );
    }
  }
  for (const [coin, total] of coinTotals) {
    if (!total.isZero()) problems.push(`the accounts of ${coin} sum to ${total.toFixed()}, not 0`);
  }
  const movements = new Map<string, Set<string>>();
  for (const entry of entries) {
    const what = `${entry.currency}/${entry.network} invoice ${entry.invoiceId ?? "-"} payout ${entry.withdrawalId ?? "-"}`;
    movements.set(entry.movementId, (movements.get(entry.movementId) ?? new Set()).add(what));
  }
  for (const [movement, spans] of movements) {
    if (spans.size > 1) problems.push(`movement ${movement} spans ${[...spans].join(" and ")}`);
  }
  const moved = new Map<string, Decimal>();
  for (const entry of entries) {
    const key = totalsKey({
      ...entry,
      from: accountType(entry.fromAccount),
      to: accountType(entry.toAccount),
    });
    moved.set(key, (moved.get(key) ?? new Decimal(0)).plus(entry.amount));
  }
  const now = await totalsNow(db);
  for (const key of new Set([...now.keys(), ...moved.keys()])) {
    const delta = (now.get(key) ?? new Decimal(0)).minus(mark.totals.get(key) ?? 0);
    const written = moved.get(key) ?? new Decimal(0);
    if (!delta.eq(written))
      problems.push(`ledger_totals ${key} moved by ${delta.toFixed()}, its entries by ${written.toFixed()}`);
  }
  return problems;
}

/**
 * 2. Refunds never give back more than the invoice received: what refunds of it paid out (to the
 * recipient and the service's fee, from the ledger's figures) plus what they have in flight (sent
 * and not final, or closed without proof that nothing left) is at most what it received. A refund
 * whose final word the service changed is left out: that double word is the service's (paid after
 * failed; or failed, closed here, and then a late "paid" again), and the payout is a conflict for
 * a person (checked with the rest of the model).
 */
export async function refundsWithinReceived(
  db: Db,
  invoiceId: string,
  leftOut: ReadonlySet<string>,
  /** The invoice's entries, when the caller has read them already. */
  known?: readonly InvoiceEntry[],
): Promise<string[]> {
  const entries = known ?? (await invoiceEntries(db, invoiceId));
  const { received } = invoiceFigures(invoiceId, entries);
  const refunds = new Set(entries.flatMap((entry) => (entry.withdrawalId ? [entry.withdrawalId] : [])));
  let gone = new Decimal(0);
  const parts: string[] = [];
  for (const refund of refunds) {
    if (leftOut.has(refund)) continue;
    const own = entries.filter((entry) => entry.withdrawalId === refund);
    const paid = invoiceFigures(invoiceId, own).refunded;
    const inFlight = sum(
      [...balancesOf(own)].flatMap(([account, balance]) =>
        accountType(account) === "refund" && accountRole(account) === "in_flight" ? [balance] : [],
      ),
    );
    gone = gone.plus(paid).plus(inFlight);
    if (!paid.isZero() || !inFlight.isZero())
      parts.push(`${refund}: paid ${paid.toFixed()}, in flight ${inFlight.toFixed()}`);
  }
  return gone.gt(received)
    ? [
        `refunds paid or possibly paid ${gone.toFixed()} exceed the ${received.toFixed()} received (${parts.join("; ")})`,
      ]
    : [];
}

/** A payout that may have been paid: paid here, or a conflict whose service's last word is paid. */
export function mayHaveBeenPaid(row: { state: string; serviceStatus: string | null }): boolean {
  return row.state === "paid" || (row.state === "conflict" && row.serviceStatus === "paid");
}

/** States in which a payout may have reached the service (and then be paid there). */
const MAY_HAVE_LEFT = ["submitted", "unknown", "needs_review", "paid", "service_failed"];

interface ChainRow {
  id: string;
  orderId: string;
  state: string;
  serviceStatus: string | null;
  resendOfWithdrawalId: string | null;
}

/** Each payout's chain of resends (Send again links a payout to the one it replaced), first first. */
function chainOf(rows: readonly ChainRow[], row: ChainRow): ChainRow[] {
  const byId = new Map(rows.map((each) => [each.id, each]));
  const chain = [row];
  for (let before = row.resendOfWithdrawalId; before;) {
    const found = byId.get(before);
    if (!found) break;
    chain.unshift(found);
    before = found.resendOfWithdrawalId;
  }
  return chain;
}

/**
 * 3. One payment per obligation: a payout made by Send again carries the obligation of the one
 * it replaced, so a chain of resends owes one payment. Once a payout of a chain may have been paid
 * (paid, or a conflict whose service's last word is paid), no later one of the chain is created at
 * the service (checked at each creation, `allowsCreation`), and every later one that may have left
 * already (submitted, unknown, needs review, paid, failed at the service) has been put before a
 * person as a conflict since (one being sent when the news came, once its submitter or the loop
 * learns how the call ended). So two payouts of a chain are paid only when the service paid what
 * it had reported failed, and then both were flagged.
 */
export class ChainWatch {
  private readonly maybePaidSince = new Map<string, number>();
  private readonly conflictAt = new Map<string, number>();

  /** What the check after `step` saw; then what breaks the rule. */
  check(rows: readonly ChainRow[], step: number): string[] {
    for (const row of rows) {
      if (!mayHaveBeenPaid(row)) this.maybePaidSince.delete(row.id);
      else if (!this.maybePaidSince.has(row.id)) this.maybePaidSince.set(row.id, step);
      if (row.state === "conflict") this.conflictAt.set(row.id, step);
    }
    const problems: string[] = [];
    for (const row of rows) {
      if (!MAY_HAVE_LEFT.includes(row.state) || !row.resendOfWithdrawalId) continue;
      const chain = chainOf(rows, row);
      for (const before of chain.slice(0, chain.indexOf(row))) {
        const since = this.maybePaidSince.get(before.id);
        const flagged = this.conflictAt.get(row.id);
        if (since === undefined || (flagged !== undefined && flagged >= since)) continue;
        problems.push(
          `${row.orderId} (${row.state}) was sent again for ${before.orderId}, which may have been paid since step ${since}, and nobody was asked about both`,
        );
      }
    }
    return problems;
  }

  /** Why the service must not create the payout of this order id now (an earlier one of its chain may have been paid), or null. */
  async allowsCreation(db: Db, orderId: string): Promise<string | null> {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
    if (!row) return null;
    for (let before = row.resendOfWithdrawalId; before;) {
      const [earlier] = await db.select().from(withdrawals).where(eq(withdrawals.id, before));
      if (!earlier) return null;
      if (mayHaveBeenPaid(earlier)) {
        return `${orderId} was created at the service while ${earlier.orderId}, which it was sent again for, may have been paid (${earlier.state}, service status ${earlier.serviceStatus ?? "none"})`;
      }
      before = earlier.resendOfWithdrawalId;
    }
    return null;
  }
}

/**
 * What refunds must pay back to settle an exception by refunding: the excess of an overpayment,
 * else all that was received; at the coin's precision, since nothing smaller can be sent.
 */
function toSettle(
  kind: ExceptionKind,
  received: Decimal,
  cryptoAmount: string | null,
  currency: string,
): Decimal {
  const owed =
    kind === "overpaid" && cryptoAmount !== null ? Decimal.max(received.minus(cryptoAmount), 0) : received;
  return atCoinPrecision(owed, currency);
}

/**
 * 4. An exception is open exactly when its stake is not settled. Its invoice is an exception
 * (overpaid, underpaid, expired with a payment, or paid but short after refunds: exceptionKind)
 * and:
 * - it is on the worklist exactly when no resolution is in force;
 * - a resolution as refunded is in force only while refunds paid out (the ledger's figure) cover
 *   what settles it (the excess of an overpayment, else all it received, at the coin's precision);
 * - once refunds paid out cover that (and it is more than nothing), it is not open, whether the
 *   last to move was a refund or the customer's money;
 * - a person's resolution (accepted as paid, marked resolved) is in force only while no money
 *   arrived after it.
 */
export async function exceptionOpenWhileUnsettled(
  db: Db,
  invoiceId: string,
  /** The invoice's entries, when the caller has read them already. */
  known?: readonly InvoiceEntry[],
): Promise<string[]> {
  // With the worklist's own condition (listUnresolvedExceptions), for this invoice alone.
  const [read] = await db
    .select({ invoice: invoices, onWorklist: sql<boolean>`${unresolvedExceptionSql}` })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!read) return [`invoice ${invoiceId} is gone`];
  const { invoice, onWorklist } = read;
  const [resolution] = await db
    .select()
    .from(invoiceResolutions)
    .where(and(eq(invoiceResolutions.invoiceId, invoiceId), isNull(invoiceResolutions.reopenedAt)));
  const entries = known ?? (await invoiceEntries(db, invoiceId));
  const { received, refunded } = invoiceFigures(invoiceId, entries);
  const kind = invoice.creationState === "created" ? exceptionKind(invoice) : null;
  const settles =
    kind && invoice.currency ? toSettle(kind, received, invoice.cryptoAmount, invoice.currency) : null;
  const settled = settles !== null && refunded.gte(settles);
  const facts = `${invoice.status}, ${kind ?? "no exception"}, received ${received.toFixed()}, refunds paid ${refunded.toFixed()}, settled by ${settles?.toFixed() ?? "-"}, resolution ${resolution?.kind ?? "none"}`;
  const problems: string[] = [];
  if (onWorklist !== (kind !== null && !resolution)) {
    problems.push(`${onWorklist ? "on" : "off"} the worklist, but ${facts}`);
  }
  if (resolution?.kind === "refunded" && !settled) problems.push(`resolved as refunded, but ${facts}`);
  if (settled && settles?.gt(0) && !resolution) {
    problems.push(`open, but refunds settled it: ${facts}`);
  }
  if (resolution && resolution.kind !== "refunded") {
    const before = entries.filter((entry) => entry.recordedAt < resolution.createdAt);
    const then = invoiceFigures(invoiceId, before).received;
    if (received.gt(then))
      problems.push(
        `${resolution.kind} in force, but ${received.minus(then).toFixed()} arrived after it: ${facts}`,
      );
  }
  return problems;
}

/** 5. `npm run ledger:check` finds no difference between the books and what Paydesk shows. */
export async function ledgerCheckFindsNothing(db: Db): Promise<string[]> {
  return (await findLedgerDifferences(db)).map(
    (difference) => `${difference.subject} ${difference.orderId ?? difference.id}: ${difference.what}`,
  );
}
