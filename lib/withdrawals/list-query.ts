import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import type { KeysetCursor } from "@/lib/invoices/list-cursor";
import type { WithdrawalListFilter } from "./list-filter";

/**
 * The WHERE and ORDER BY pieces shared by the withdrawal list and its export, each shaped for an
 * index: the keyset as a row comparison on (created_at, id) (withdrawals_created_keyset_idx, or
 * withdrawals_state_keyset_idx with a state), the search as an OR of equalities (a BitmapOr over
 * the order_id, address and customer_id indexes).
 */

/** created_at as full-precision UTC text, for the cursor (see lib/invoices/list-cursor.ts). */
export const cursorKeySql = sql<string>`to_char(${withdrawals.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function filterConditions(filter: WithdrawalListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(withdrawals.state, filter.state));
  if (filter.q) {
    const search = or(
      eq(withdrawals.orderId, filter.q),
      eq(withdrawals.address, filter.q),
      eq(withdrawals.customerId, filter.q),
    );
    if (search) conditions.push(search);
  }
  return conditions;
}

/** "older": rows after the cursor in list order (next page); "newer": rows before it. */
export function keysetCondition(cursor: KeysetCursor, side: "older" | "newer"): SQL {
  const key = sql`(${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
  return side === "older"
    ? sql`(${withdrawals.createdAt}, ${withdrawals.id}) < ${key}`
    : sql`(${withdrawals.createdAt}, ${withdrawals.id}) > ${key}`;
}

export function whereClause(filter: WithdrawalListFilter, keyset?: SQL): SQL | undefined {
  return and(...filterConditions(filter), keyset);
}

export const newestFirst = [sql`${withdrawals.createdAt} desc`, sql`${withdrawals.id} desc`];
export const oldestFirst = [sql`${withdrawals.createdAt} asc`, sql`${withdrawals.id} asc`];
