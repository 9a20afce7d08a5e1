import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** "2026-10-31T23:59:59+01:00": a moment as ISO 8601 in a zone, with that zone's offset then. */
export function isoInZone(moment: Date, timeZone: string): string {
  return format(new TZDate(moment, timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}
