import { gte, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Inclusive calendar dates in UTC on a timestamp column: from the start of `from` to the end of `to`. */
export function withinUtcDays(column: PgColumn, range: { dateFrom?: string; dateTo?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (range.dateFrom) conditions.push(gte(column, new Date(`${range.dateFrom}T00:00:00.000Z`)));
  if (range.dateTo)
    conditions.push(lt(column, new Date(Date.parse(`${range.dateTo}T00:00:00.000Z`) + DAY_MS)));
  return conditions;
}
