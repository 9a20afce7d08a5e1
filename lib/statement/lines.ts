import "server-only";
import type Decimal from "decimal.js";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { invoices, ledgerEntries, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { Money } from "@/lib/ledger/money";
import { ENTRY_PAID_TO_RECIPIENT, FEE_NOT_REPORTED } from "./fees-not-reported";
import { ENTRY_CHANGES_BALANCE, ENTRY_COLUMNS, lineTypeSql } from "./line-type-sql";
import {
  balanceSign,
  FIGURES,
  LINE_TYPE_MEANINGS,
  lineTypesOf,
  type Figure,
  type LineType,
} from "./line-types";
import type { LineCursor } from "./line-cursor";
import type { StatementRange } from "./range-in-zone";

/** Which lines: a coin, a network (an empty string is "none"), and the lines behind one figure. */
export interface LineFilter {
  currency?: string;
  network?: string;
  /**
   * A figure's lines; `fees_not_reported`: the payouts paid whose fee the service did not report;
   * `all` (or none): every line.
   */
  figure?: Figure | "fees_not_reported" | "all";
}

const e = alias(ledgerEntries, "e");
const i = alias(invoices, "i");
const w = alias(withdrawals, "w");
const lineType = lineTypeSql(ENTRY_COLUMNS);

const LINE_FIELDS = {
  id: e.id,
  /** moved_at with microseconds, for the cursor. */
  cursorKey: sql<string>`to_char(${e.movedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  movedAt: e.movedAt,
  recordedAt: e.recordedAt,
  kind: e.kind,
  lineType: sql<LineType>`${lineType}`,
  currency: e.currency,
  network: e.network,
  amount: e.amount,
  fromAccount: e.fromAccount,
  toAccount: e.toAccount,
  movementId: e.movementId,
  invoiceId: e.invoiceId,
  invoiceOrderId: i.orderId,
  withdrawalId: e.withdrawalId,
  payoutOrderId: w.orderId,
  txid: e.txid,
};

export type StatementLine = Awaited<ReturnType<typeof selectLines>>[number];

function linesWhere(range: StatementRange, filter: LineFilter, after?: SQL): SQL | undefined {
  const { figure } = filter;
  return and(
    sql`${e.movedAt} >= ${range.start.toISOString()}::timestamptz`,
    sql`${e.movedAt} < ${range.end.toISOString()}::timestamptz`,
    ENTRY_CHANGES_BALANCE,
    filter.currency === undefined ? undefined : eq(e.currency, filter.currency),
    filter.network === undefined ? undefined : eq(e.network, filter.network),
    figure === undefined || figure === "all"
      ? undefined
      : figure === "fees_not_reported"
        ? and(ENTRY_PAID_TO_RECIPIENT, FEE_NOT_REPORTED)
        : sql`${lineType} in (${sql.join(
            lineTypesOf(figure).map((type) => sql`${type}`),
            sql`, `,
          )})`,
    after,
  );
}

const keyOf = (cursor: LineCursor) => sql`(${cursor.movedAt}::timestamptz, ${cursor.id}::bigint)`;

/**
 * Up to `limit` lines of the range in time order (oldest first), after `cursor` or, `backward`,
 * the ones before it, newest first. A row comparison on (moved_at, id): the index's order.
 */
export function selectLines(
  db: DbOrTx,
  range: StatementRange,
  filter: LineFilter,
  page: { cursor?: LineCursor | null; backward?: boolean; limit: number },
) {
  const { cursor, backward = false } = page;
  const after = cursor
    ? backward
      ? sql`(${e.movedAt}, ${e.id}) < ${keyOf(cursor)}`
      : sql`(${e.movedAt}, ${e.id}) > ${keyOf(cursor)}`
    : undefined;
  return db
    .select(LINE_FIELDS)
    .from(e)
    .leftJoin(i, eq(i.id, e.invoiceId))
    .leftJoin(w, eq(w.id, e.withdrawalId))
    .where(linesWhere(range, filter, after))
    .orderBy(...(backward ? [sql`${e.movedAt} desc`, sql`${e.id} desc`] : [e.movedAt, e.id]))
    .limit(page.limit);
}

/** What a line adds to each figure and to the balance: the columns of the lines' download. */
export function sharesOfLine(line: Pick<StatementLine, "lineType" | "amount">): Record<Figure, Decimal> & {
  balance: Decimal;
} {
  const amount = new Money(line.amount);
  const { shares } = LINE_TYPE_MEANINGS[line.lineType];
  const figures = Object.fromEntries(
    FIGURES.map((figure) => [figure, amount.times(shares[figure] ?? 0)]),
  ) as Record<Figure, Decimal>;
  return { ...figures, balance: amount.times(balanceSign(line.lineType)) };
}
