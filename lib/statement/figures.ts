import "server-only";
import type Decimal from "decimal.js";
import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/types";
import { Money } from "@/lib/ledger/money";
import { BUCKET_MS, bucketPlan, type Interval } from "./bucket-plan";
import { ENTRY_PAID_TO_RECIPIENT, FEE_NOT_REPORTED } from "./fees-not-reported";
import { ENTRY_CHANGES_BALANCE, ENTRY_COLUMNS, lineTypeSql } from "./line-type-sql";
import {
  balanceSign,
  FIGURES,
  LINE_TYPE_MEANINGS,
  LINE_TYPES,
  type Figure,
  type LineType,
} from "./line-types";
import type { StatementRange } from "./range-in-zone";

/** One coin on one network: its opening balance, what moved in the range, its closing balance. */
export interface StatementRow {
  currency: string;
  network: string;
  opening: Decimal;
  figures: Record<Figure, Decimal>;
  /** Payouts and refunds paid in the range whose fee the service did not report. */
  feesNotReported: number;
  /** opening + received − refunded − paid out − fees. */
  closing: Decimal;
}

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** Sums of ledger_totals per coin, network and transfer over buckets, then their line types. */
function totalsPart(part: "opening" | "range", from: Date | null, to: Date): SQL {
  const totals = {
    kind: sql`t.kind`,
    fromType: sql`t.from_type`,
    toType: sql`t.to_type`,
    isRefund: sql`null`,
  };
  return sql`
    select t.currency, t.network, ${sql.raw(`'${part}'`)} as part, ${lineTypeSql(totals)} as line_type, t.amount
    from (
      select currency, network, kind, from_type, to_type, sum(amount) as amount
      from ledger_totals
      where ${from ? sql`bucket >= ${at(from)} and ` : sql``}bucket < ${at(to)}
        and (from_type in ('world', 'fees') or to_type in ('world', 'fees'))
        -- A fee learnt after its payout was paid (world → fees) changes no balance, but which
        -- figure it corrects (paid out or refunded) only its entries say: read below.
        and not (from_type in ('world', 'fees') and to_type in ('world', 'fees'))
      group by 1, 2, 3, 4, 5
    ) t`;
}

/** The entries of an interval that change the balance, with their line types. */
function entriesPart(part: "opening" | "range", [from, to]: Interval): SQL {
  return sql`
    select e.currency, e.network, ${sql.raw(`'${part}'`)} as part, ${lineTypeSql(ENTRY_COLUMNS)} as line_type, e.amount
    from ledger_entries e
    where e.moved_at >= ${at(from)} and e.moved_at < ${at(to)} and ${ENTRY_CHANGES_BALANCE}`;
}

/** The range's buckets whose totals hold a transfer between world and fees: usually none. */
async function feeShiftBuckets(db: DbOrTx, [from, to]: Interval): Promise<Interval[]> {
  const result = (await db.execute(sql`
    select distinct to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as bucket from ledger_totals
    where bucket >= ${at(from)} and bucket < ${at(to)}
      and from_type in ('world', 'fees') and to_type in ('world', 'fees')`)) as unknown as {
    rows: { bucket: string }[];
  };
  return result.rows.map(({ bucket }) => {
    const start = new Date(bucket);
    return [start, new Date(start.getTime() + BUCKET_MS)] as const;
  });
}

/** The entries between world and fees in a bucket (read apart: which figure they correct, only they say). */
function feeShiftsPart([from, to]: Interval): SQL {
  return sql`
    select e.currency, e.network, 'range' as part, ${lineTypeSql(ENTRY_COLUMNS)} as line_type, e.amount
    from ledger_entries e
    where e.moved_at >= ${at(from)} and e.moved_at < ${at(to)}
      and e.from_account in ('world', 'fees') and e.to_account in ('world', 'fees')`;
}

interface SumRow {
  currency: string;
  network: string;
  part: "opening" | "range";
  line_type: LineType;
  amount: string;
}

/**
 * A statement's figures per coin and network, from ledger_totals (quarter-hour sums) wherever a
 * bucket lies wholly before or inside the range, and from the entries elsewhere (bucket-plan.ts).
 * Every coin with anything booked before the end is listed, moved in the range or not.
 */
export function statementFigures(db: Db, range: StatementRange): Promise<StatementRow[]> {
  // One snapshot for every part, so the figures and the payouts counted agree. JIT off: these are
  // short aggregates, and on a large ledger PostgreSQL would spend longer compiling them (up to a
  // second, measured by npm run bench) than running them.
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return figuresIn(tx, range);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function figuresIn(db: DbOrTx, range: StatementRange): Promise<StatementRow[]> {
  const plan = bucketPlan(range.start, range.end);
  const feeShifts = plan.rangeBuckets ? await feeShiftBuckets(db, plan.rangeBuckets) : [];
  const parts = [
    totalsPart("opening", null, plan.openingBucketsBefore),
    entriesPart("opening", plan.openingEntries),
    ...(plan.rangeBuckets ? [totalsPart("range", ...plan.rangeBuckets)] : []),
    ...feeShifts.map(feeShiftsPart),
    ...plan.rangeEntries.map((interval) => entriesPart("range", interval)),
  ];
  const sums = (await db.execute(sql`
    select currency, network, part, line_type, sum(amount)::text as amount
    from (${sql.join(parts, sql` union all `)}) lines
    where line_type is not null
    group by 1, 2, 3, 4
    order by 1, 2`)) as unknown as { rows: SumRow[] };
  const unreported = await feesNotReported(db, range);
  const rows = new Map<string, StatementRow>();
  const rowOf = (currency: string, network: string) => {
    const key = JSON.stringify([currency, network]);
    let row = rows.get(key);
    if (!row) {
      row = {
        currency,
        network,
        opening: new Money(0),
        figures: Object.fromEntries(FIGURES.map((figure) => [figure, new Money(0)])) as Record<
          Figure,
          Decimal
        >,
        feesNotReported: unreported.get(key) ?? 0,
        closing: new Money(0),
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const sum of sums.rows) {
    if (!LINE_TYPES.includes(sum.line_type)) throw new Error(`unknown line type ${sum.line_type}`);
    const row = rowOf(sum.currency, sum.network);
    const amount = new Money(sum.amount);
    if (sum.part === "opening") {
      row.opening = row.opening.plus(amount.times(balanceSign(sum.line_type)));
      continue;
    }
    for (const [figure, sign] of Object.entries(LINE_TYPE_MEANINGS[sum.line_type].shares)) {
      row.figures[figure as Figure] = row.figures[figure as Figure].plus(amount.times(sign));
    }
  }
  for (const key of unreported.keys()) {
    const [currency, network] = JSON.parse(key) as [string, string];
    rowOf(currency, network);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, closing: closingOf(row) }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.network.localeCompare(b.network));
}

export function closingOf(row: Pick<StatementRow, "opening" | "figures">): Decimal {
  const { received, refunded, paid_out, fees } = row.figures;
  return row.opening.plus(received).minus(refunded).minus(paid_out).minus(fees);
}

/**
 * How many payouts and refunds paid in the range have no fee reported, per coin and network. The
 * range's paid entries are read a day at a time through the (moved_at, id) index: as one range,
 * PostgreSQL costs a scan of the whole table as cheaper and takes 3 to 4 times longer (npm run
 * bench, 10,000,000 entries).
 */
async function feesNotReported(db: DbOrTx, range: StatementRange): Promise<Map<string, number>> {
  const end = at(range.end);
  const result = (await db.execute(sql`
    select e.currency, e.network, count(distinct e.withdrawal_id)::int as payouts
    from generate_series(${at(range.start)}, ${end} - interval '1 microsecond', interval '1 day') day (starts)
    cross join lateral (
      select e.currency, e.network, e.withdrawal_id from ledger_entries e
      where e.moved_at >= day.starts and e.moved_at < least(day.starts + interval '1 day', ${end})
        and ${ENTRY_PAID_TO_RECIPIENT}
      -- A subquery per day, not flattened back into one range.
      offset 0
    ) e
    join withdrawals w on w.id = e.withdrawal_id
    where ${FEE_NOT_REPORTED}
    group by 1, 2`)) as unknown as { rows: { currency: string; network: string; payouts: number }[] };
  return new Map(
    result.rows.map((row) => [JSON.stringify([row.currency, row.network]), Number(row.payouts)]),
  );
}
