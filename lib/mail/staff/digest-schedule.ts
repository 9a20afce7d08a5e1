import { TZDate } from "@date-fns/tz";
import { dayIn } from "@/lib/display/time";

/**
 * The latest moment, at or before `now`, when a digest at `time` ("08:00") in `timeZone` was due:
 * today's in that zone once it has passed, yesterday's before. On the night a clock springs
 * forward, a time that does not exist that day falls an hour later.
 */
export function lastDigestMoment(now: Date, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const [year = 1970, month = 1, day = 1] = dayIn(now, timeZone).split("-").map(Number);
  const today = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  if (today.getTime() <= now.getTime()) return new Date(today.getTime());
  return new Date(new TZDate(year, month - 1, day - 1, hours, minutes, timeZone).getTime());
}
