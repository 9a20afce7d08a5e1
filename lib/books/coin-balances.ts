import "server-only";
import { sql } from "drizzle-orm";
import { ledgerTotals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { figuresOf, sumOf } from "./figures-sql";

export interface CoinBalance {
  currency: string;
  network: string;
  /** Decimal strings, summed by Postgres on numeric; all time. */
  received: string;
  refunded: string;
  paidOut: string;
  fees: string;
  /** What the merchant holds as Paydesk knows it: received − refunded − paid out − fees. */
  balance: string;
}

/**
 * The merchant's balance per coin, from every quarter-hour sum of the ledger (ledger_totals): what
 * customers paid, less what refunds and payouts sent and the service's fees. Money reserved for a
 * payout or on its way still counts: it has not left. Coins where nothing ever arrived or left are
 * left out. Reads every quarter hour there ever was (35,000 rows a year per coin and kind of
 * movement), so the home page shares one reading (balances-snapshot.ts).
 */
export async function coinBalances(db: DbOrTx): Promise<CoinBalance[]> {
  // All time per kind of flow first, a handful of rows, then each figure's share of those.
  const flows = db
    .select({
      currency: ledgerTotals.currency,
      network: ledgerTotals.network,
      kind: ledgerTotals.kind,
      fromType: ledgerTotals.fromType,
      toType: ledgerTotals.toType,
      amount: sql<string>`sum(${ledgerTotals.amount})`.as("amount"),
    })
    .from(ledgerTotals)
    .groupBy(
      ledgerTotals.currency,
      ledgerTotals.network,
      ledgerTotals.kind,
      ledgerTotals.fromType,
      ledgerTotals.toType,
    )
    .as("flows");
  const { received, refunded, paidOut, fees } = figuresOf(flows);
  return db
    .select({
      currency: flows.currency,
      network: flows.network,
      received: sumOf(received),
      refunded: sumOf(refunded),
      paidOut: sumOf(paidOut),
      fees: sumOf(fees),
      balance: sumOf(sql`${received} - ${refunded} - ${paidOut} - ${fees}`),
    })
    .from(flows)
    .groupBy(flows.currency, flows.network)
    .having(sql`bool_or(${received} <> 0 or ${refunded} <> 0 or ${paidOut} <> 0 or ${fees} <> 0)`)
    .orderBy(flows.currency, flows.network);
}
