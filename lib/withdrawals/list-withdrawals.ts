import { eq, type SQL } from "drizzle-orm";
import { users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { decodeCursor, encodeCursor } from "@/lib/invoices/list-cursor";
import type { PageSize, WithdrawalListFilter } from "./list-filter";
import { cursorKeySql, keysetCondition, newestFirst, oldestFirst, whereClause } from "./list-query";

/**
 * One page of the withdrawal list, newest first, by keyset (never OFFSET). A cursor that does
 * not decode is ignored (first page).
 */
export interface WithdrawalListQuery extends WithdrawalListFilter {
  limit: PageSize;
  cursor?: string;
  /** "prev": the page before `cursor`. */
  dir?: "next" | "prev";
}

const listColumns = {
  id: withdrawals.id,
  orderId: withdrawals.orderId,
  state: withdrawals.state,
  serviceStatus: withdrawals.serviceStatus,
  amount: withdrawals.amount,
  fiatAmount: withdrawals.fiatAmount,
  fiatCurrency: withdrawals.fiatCurrency,
  currency: withdrawals.currency,
  network: withdrawals.network,
  address: withdrawals.address,
  customerId: withdrawals.customerId,
  requestedByEmail: users.email,
  createdAt: withdrawals.createdAt,
  cursorKey: cursorKeySql,
};

function selectRows(db: DbOrTx, where: SQL | undefined, order: SQL[], limit: number) {
  return db
    .select(listColumns)
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

export type WithdrawalListRow = Awaited<ReturnType<typeof selectRows>>[number];

export interface WithdrawalListPage {
  rows: WithdrawalListRow[];
  /** Cursor of the page after this one, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for `dir=prev`, or null on the first page. */
  prevCursor: string | null;
}

const cursorOf = (row: WithdrawalListRow | undefined) =>
  row ? encodeCursor({ createdAt: row.cursorKey, id: row.id }) : null;

export async function listWithdrawals(db: DbOrTx, query: WithdrawalListQuery): Promise<WithdrawalListPage> {
  const cursor = decodeCursor(query.cursor);
  const backward = cursor !== null && query.dir === "prev";
  const keyset = cursor ? keysetCondition(cursor, backward ? "newer" : "older") : undefined;
  const fetched = await selectRows(
    db,
    whereClause(query, keyset),
    backward ? oldestFirst : newestFirst,
    query.limit + 1,
  );
  const hasMore = fetched.length > query.limit;
  const rows = fetched.slice(0, query.limit);

  if (backward) {
    // Walking back reached the newest rows: show a full first page rather than a short one.
    if (!hasMore) return listWithdrawals(db, { ...query, cursor: undefined, dir: undefined });
    rows.reverse();
    return { rows, nextCursor: cursorOf(rows.at(-1)), prevCursor: cursorOf(rows[0]) };
  }
  return {
    rows,
    nextCursor: hasMore ? cursorOf(rows.at(-1)) : null,
    prevCursor: cursor ? cursorOf(rows[0]) : null,
  };
}

/** Whether there is any withdrawal at all, to tell "nothing matches" from "nothing yet". */
export async function hasAnyWithdrawal(db: DbOrTx): Promise<boolean> {
  const found = await db.select({ id: withdrawals.id }).from(withdrawals).limit(1);
  return found.length > 0;
}
