import { and, eq, or, type SQL } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import {
  cursorKeySql as keyText,
  keysetCondition as keysetAfter,
  keysetOrder,
  type KeysetCursor,
} from "@/lib/db/keyset";
import { withinDays } from "@/lib/display/day-range";
import type { WithdrawalListFilter } from "./list-filter";

/**
 * The WHERE and ORDER BY pieces shared by the withdrawal list and its export, each shaped for an
 * index: the keyset as a row comparison on (created_at, id) (withdrawals_created_keyset_idx, or
 * withdrawals_state_keyset_idx with a state), the search as an OR of equalities (a BitmapOr over
 * the order_id, address and customer_id indexes).
 */

/** The keyset of the list: (created_at, id), newest first. */
export const withdrawalKeyset = { createdAt: withdrawals.createdAt, id: withdrawals.id };

/** created_at as full-precision UTC text, for the cursor. */
export const cursorKeySql = keyText(withdrawals.createdAt);

export function filterConditions(filter: WithdrawalListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(withdrawals.state, filter.state));
  if (filter.requestedBy) conditions.push(eq(withdrawals.requestedBy, filter.requestedBy));
  if (filter.q) {
    const search = or(
      eq(withdrawals.orderId, filter.q),
      eq(withdrawals.address, filter.q),
      eq(withdrawals.customerId, filter.q),
      eq(withdrawals.serviceTxid, filter.q),
    );
    if (search) conditions.push(search);
  }
  conditions.push(...withinDays(withdrawals.createdAt, filter));
  return conditions;
}

/** "older": rows after the cursor in list order (next page); "newer": rows before it. */
export function keysetCondition(cursor: KeysetCursor, side: "older" | "newer"): SQL {
  return keysetAfter(withdrawalKeyset, cursor, side);
}

export function whereClause(filter: WithdrawalListFilter, keyset?: SQL): SQL | undefined {
  return and(...filterConditions(filter), keyset);
}

// Shared with the invoice list: the order that matches the DESC NULLS LAST keyset indexes.
export const { newestFirst, oldestFirst } = keysetOrder(withdrawalKeyset);
