import "server-only";
import { and, gte, lt, sql } from "drizzle-orm";
import { ledgerTotals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { daysBefore, startOfDayIn } from "@/lib/display/day-start";
import { sumOf, totalsFigures } from "./figures-sql";

/** A calendar day of the reader's and the instant it begins in their zone. */
export interface ReaderDay {
  day: string;
  start: Date;
}

/**
 * The reader's last `count` days up to `today` ("2026-11-25", their calendar day), each with when
 * it begins in `timeZone`, and when the last one ends (the next day's start: a day of a clock
 * change is 23 or 25 hours long).
 */
export function readerDays(today: string, count: number, timeZone: string): { days: ReaderDay[]; end: Date } {
  const days = Array.from({ length: count }, (_, index) => {
    const day = daysBefore(today, count - 1 - index);
    return { day, start: startOfDayIn(day, timeZone) };
  });
  return { days, end: startOfDayIn(daysBefore(today, -1), timeZone) };
}

export interface DayReceipts {
  day: string;
  currency: string;
  network: string;
  /** Decimal strings, summed by Postgres on numeric. */
  received: string;
  refunded: string;
}

/**
 * What customers paid and what refunds sent back, per reader's day and coin, from the ledger's
 * quarter-hour sums (ledger_totals, kept in the transaction of each entry): a day's figure is the
 * sum of the quarter hours that begin on it. Every zone in use is a whole number of quarter hours
 * off UTC, so a quarter hour never straddles two of the reader's days. Days with neither are left
 * out.
 */
export async function receivedByDay(
  db: DbOrTx,
  days: readonly ReaderDay[],
  end: Date,
): Promise<DayReceipts[]> {
  const first = days[0];
  if (!first) return [];
  const { received, refunded } = totalsFigures;
  const starts = sql.join(
    days.map((day) => sql`${day.start.toISOString()}::timestamptz`),
    sql`, `,
  );
  // The index of the day a quarter hour begins on: 1 for the first day, 2 for the next …
  const slot = sql<number>`width_bucket(${ledgerTotals.bucket}, array[${starts}])`;
  const rows = await db
    .select({
      slot,
      currency: ledgerTotals.currency,
      network: ledgerTotals.network,
      received: sumOf(received),
      refunded: sumOf(refunded),
    })
    .from(ledgerTotals)
    .where(and(gte(ledgerTotals.bucket, first.start), lt(ledgerTotals.bucket, end)))
    // By position: the day's expression carries its own parameters, which Postgres cannot match twice.
    .groupBy(sql`1`, ledgerTotals.currency, ledgerTotals.network)
    .having(sql`sum(${received}) <> 0 or sum(${refunded}) <> 0`)
    .orderBy(sql`1`, ledgerTotals.currency, ledgerTotals.network);
  return rows.flatMap(({ slot: index, ...row }) => {
    const day = days[Number(index) - 1]?.day;
    return day ? [{ day, ...row }] : [];
  });
}
