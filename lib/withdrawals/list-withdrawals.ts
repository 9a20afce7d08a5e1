import { eq, type SQL } from "drizzle-orm";
import { users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { keysetPage, type KeysetPage } from "@/lib/db/keyset";
import type { PageSize } from "@/lib/page-size";
import type { WithdrawalListFilter } from "./list-filter";
import { cursorKeySql, withdrawalKeyset, whereClause } from "./list-query";

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
  requestedByName: users.name,
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

export type WithdrawalListPage = KeysetPage<WithdrawalListRow>;

export function listWithdrawals(db: DbOrTx, query: WithdrawalListQuery): Promise<WithdrawalListPage> {
  return keysetPage(query, withdrawalKeyset, (keyset, order, limit) =>
    selectRows(db, whereClause(query, keyset), order, limit),
  );
}

/** Whether there is any withdrawal at all, to tell "nothing matches" from "nothing yet". */
export async function hasAnyWithdrawal(db: DbOrTx): Promise<boolean> {
  const found = await db.select({ id: withdrawals.id }).from(withdrawals).limit(1);
  return found.length > 0;
}
