import { daysBefore, startOfDayIn } from "@/lib/display/day-start";
import type { StatementPeriod } from "./period";

/**
 * A statement's period as instants: from the start of its first day to the start of the day
 * after its last, in the reader's time zone ([start, end): a payment at 23:59:59 on the last day
 * belongs to it, one at 00:00:00 on the next day does not).
 */
export interface StatementRange {
  period: StatementPeriod;
  timeZone: string;
  start: Date;
  end: Date;
}

export function rangeInZone(period: StatementPeriod, timeZone: string): StatementRange {
  return {
    period,
    timeZone,
    start: startOfDayIn(period.from, timeZone),
    end: startOfDayIn(daysBefore(period.to, -1), timeZone),
  };
}
