import "server-only";
import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { coinBalances } from "@/lib/books/coin-balances";
import { withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { KnownBalance } from "./balance-check";

/** Approved and not yet known to be paid out or refused: money about to leave. */
const ABOUT_TO_LEAVE = ["approved", "submitting", "submitted", "unknown"] as const;

/**
 * Per coin and network, what the ledger says the merchant holds, read now (a decision deserves a
 * fresh figure, not the home page's shared one), and what approved payouts will take from it.
 */
export async function knownBalances(db: DbOrTx, now = new Date()): Promise<KnownBalance[]> {
  const [coins, committed] = await Promise.all([
    coinBalances(db),
    db
      .select({
        currency: withdrawals.currency,
        network: withdrawals.network,
        amount: sql<string>`sum(${withdrawals.amount})::text`,
      })
      .from(withdrawals)
      .where(and(inArray(withdrawals.state, [...ABOUT_TO_LEAVE]), isNotNull(withdrawals.amount)))
      .groupBy(withdrawals.currency, withdrawals.network),
  ]);
  const key = (currency: string, network: string) => `${currency}\u0000${network}`;
  const leaving = new Map(committed.map((row) => [key(row.currency, row.network), row.amount]));
  const asOf = now.toISOString();
  const known: KnownBalance[] = coins.map((coin) => ({
    currency: coin.currency,
    network: coin.network,
    balance: coin.balance,
    committed: leaving.get(key(coin.currency, coin.network)) ?? "0",
    source: "ledger",
    asOf,
  }));
  // A coin with payouts approved but nothing in the ledger: its balance is 0 as far as Paydesk knows.
  for (const row of committed) {
    if (!known.some((entry) => entry.currency === row.currency && entry.network === row.network))
      known.push({ ...row, balance: "0", committed: row.amount, source: "ledger", asOf });
  }
  return known;
}
