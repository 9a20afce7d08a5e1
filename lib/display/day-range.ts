import { gte, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { daysBefore, startOfDayIn } from "./day-start";

/**
 * Inclusive calendar dates in the reader's zone (UTC when none is given) on a timestamp column:
 * from the start of `from` to the start of the day after `to`, as that zone's clocks read them.
 */
export function withinDays(
  column: PgColumn,
  range: { dateFrom?: string; dateTo?: string; timeZone?: string },
): SQL[] {
  const zone = range.timeZone ?? "UTC";
  const conditions: SQL[] = [];
  if (range.dateFrom) conditions.push(gte(column, startOfDayIn(range.dateFrom, zone)));
  if (range.dateTo) conditions.push(lt(column, startOfDayIn(daysBefore(range.dateTo, -1), zone)));
  return conditions;
}
