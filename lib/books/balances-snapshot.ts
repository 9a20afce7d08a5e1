import "server-only";
import type { Db } from "@/lib/db/types";
import { staleWhileRevalidate, type Snapshot } from "@/lib/stale-while-revalidate";
import { coinBalances, type CoinBalance } from "./coin-balances";

/**
 * The balances on finance's and admins' homes, read at most once per this many seconds per process
 * and shared by every reader: they sum every quarter hour the books ever had (at 10,000,000
 * invoices a year, 35,000 rows per coin and kind of movement, some 20 ms), more than each visit
 * should pay. The page says when they were read.
 */
export const BALANCES_FRESH_SECONDS = 30;

type Reader = (key: string) => Promise<Snapshot<CoinBalance[]>>;
const readers = new WeakMap<Db, Reader>();

export function balancesSnapshot(db: Db): Promise<Snapshot<CoinBalance[]>> {
  let read = readers.get(db);
  if (!read) {
    read = staleWhileRevalidate(() => coinBalances(db), { freshMs: BALANCES_FRESH_SECONDS * 1000 });
    readers.set(db, read);
  }
  return read("all time");
}
