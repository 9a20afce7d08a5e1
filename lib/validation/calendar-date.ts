import { safeText } from "./text";

/** A calendar date (YYYY-MM-DD) that exists: 2025-02-30 is refused rather than rolled over. */
export const calendarDate = safeText()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  });

/** A range typed backwards is still clearly a range: its ends are swapped. */
export function inOrder<T extends { dateFrom?: string; dateTo?: string }>(params: T): T {
  if (params.dateFrom && params.dateTo && params.dateFrom > params.dateTo) {
    return { ...params, dateFrom: params.dateTo, dateTo: params.dateFrom };
  }
  return params;
}
