import { dayIn } from "./time";

/**
 * When a calendar day begins in a zone, as an instant: the home page counts "today" from the
 * person's midnight, not the server's. Intl gives a zone's offset at a moment; the day starts at
 * local midnight minus the offset in force then (which on a DST change day differs from now's).
 */

/** One formatter per zone: making one costs far more than using it (the home page asks for 30 days). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

function offsetMs(moment: Date, timeZone: string): number {
  const parts = wallClockIn(timeZone).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(moment.getTime() / 1000) * 1000;
}

/**
 * The instant `day` ("2026-11-25") begins in `timeZone`: its midnight, or where a clock change
 * skips midnight (Santiago's 00:00 becomes 01:00), the first moment the day has.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  // A guess with the offset at UTC midnight, then one with the offset at that guess (it can
  // change in between); the earliest that falls on the day is where it begins.
  const first = midnightAsUtc - offsetMs(new Date(midnightAsUtc), timeZone);
  const second = midnightAsUtc - offsetMs(new Date(first), timeZone);
  const onTheDay = [first, second].filter((start) => dayIn(new Date(start), timeZone) === day);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : first);
}

/** The calendar day `days` before (negative: after) `day`: "2026-03-31" minus 1 is "2026-03-30". */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
