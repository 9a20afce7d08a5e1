import { z } from "zod";
import { calendarDate } from "@/lib/validation/calendar-date";
import { safeText } from "@/lib/validation/text";

/**
 * The period a statement covers, as its reader chose it: a calendar month, or any range of
 * calendar days (both ends included). Days are the reader's, in their time zone (range-in-zone.ts
 * turns them into instants). The same field schemas check the period form in the browser and the
 * page's and downloads' query strings on the server.
 */
export interface StatementPeriod {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD, included. */
  to: string;
  /** YYYY-MM when the reader chose a whole month. */
  month?: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const MONTH_MESSAGE = "Choose a month (YYYY-MM).";
export const DATE_MESSAGE = "Choose a date that exists (YYYY-MM-DD).";

export const monthField = safeText().max(7, MONTH_MESSAGE).regex(MONTH, MONTH_MESSAGE);
export const dateField = safeText()
  .max(10, DATE_MESSAGE)
  .refine((value) => calendarDate.safeParse(value).success, DATE_MESSAGE);

/** The period form's two ways to choose: a month, or a first and a last day (swapped if backwards). */
export const monthFormSchema = z.object({ month: monthField });
export const rangeFormSchema = z.object({ from: dateField, to: dateField });
export type MonthForm = z.input<typeof monthFormSchema>;
export type RangeForm = z.input<typeof rangeFormSchema>;

/** The last day of a month: "2024-02" → "2024-02-29". */
export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, monthNumber ?? 1, 0)).toISOString().slice(0, 10);
}

/** The month before the one `today` (YYYY-MM-DD) falls in: the last full month. */
export function monthBefore(today: string): string {
  const [year, month] = today.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 2, 1)).toISOString().slice(0, 7);
}

export function periodOfMonth(month: string): StatementPeriod {
  return { from: `${month}-01`, to: lastDayOf(month), month };
}

export function periodOfRange(from: string, to: string): StatementPeriod {
  return from <= to ? { from, to } : { from: to, to: from };
}
