import { formatDistanceStrict } from "date-fns";

/**
 * Times as people read them, in their zone and with the zone named: "25 Nov 2026, 21:06 CET".
 * Built from Intl's parts (not a locale's whole pattern) so that every page and every zone reads
 * the same way; the month is English like the rest of Paydesk.
 */
type Moment = string | Date;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

function partsOf(moment: Moment, timeZone: string, seconds = false) {
  const parts = partsIn(timeZone).formatToParts(toDate(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("day")} ${part("month")} ${part("year")}`,
    time: `${part("hour")}:${part("minute")}${seconds ? `:${part("second")}` : ""}`,
  };
}

function toDate(moment: Moment): Date {
  return typeof moment === "string" ? new Date(moment) : moment;
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** Made once per locale and zone: making one costs far more than using it (a page shows dozens of times). */
function zoneNamesIn(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = zoneNameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" });
    zoneNameFormats.set(key, format);
  }
  return format;
}

/**
 * The zone's short name at that moment: "CET" in winter and "CEST" in summer for Berlin, "EST"
 * for New York, "UTC"; an offset ("GMT+9") where English has no name for it.
 */
export function zoneName(moment: Moment, timeZone: string): string {
  const date = toDate(moment);
  let offsetName = "";
  // en-US names American zones, en-GB the European ones; the first real name wins.
  for (const locale of ["en-US", "en-GB"]) {
    const name =
      zoneNamesIn(locale, timeZone)
        .formatToParts(date)
        .find((p) => p.type === "timeZoneName")?.value ?? "";
    if (!/^GMT[+-−]/.test(name) && name !== "") return name;
    offsetName ||= name;
  }
  return offsetName || timeZone;
}

/** "25 Nov 2026, 21:06 CET"; with seconds, "25 Nov 2026, 21:06:05 CET" (for matching logs). */
export function formatDateTime(
  moment: Moment,
  timeZone: string,
  options: { seconds?: boolean } = {},
): string {
  const { date, time } = partsOf(moment, timeZone, options.seconds);
  return `${date}, ${time} ${zoneName(moment, timeZone)}`;
}

/** "25 Nov 2026": a day in the person's zone. */
export function formatDate(moment: Moment, timeZone: string): string {
  return partsOf(moment, timeZone).date;
}

/** "21:06 CET": for a time whose day is obvious from its place. */
export function formatTimeOfDay(moment: Moment, timeZone: string): string {
  return `${partsOf(moment, timeZone).time} ${zoneName(moment, timeZone)}`;
}

/** "in 12 minutes" / "3 hours ago" from now; the same in every zone. */
export function formatRelative(moment: Moment, now: Date = new Date()): string {
  return formatDistanceStrict(toDate(moment), now, { addSuffix: true });
}

/** Making a formatter for a zone costs far more than using one: the home page asks for 30 days. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ("2026-11-25") a moment falls on in a zone: for "today" in the person's zone. */
export function dayIn(moment: Moment, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(toDate(moment));
}

/** A countdown such as "1:02:03" or "4:05"; "0:00" once passed. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
