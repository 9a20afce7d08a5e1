import type { DisplayFormatter } from "@/lib/display/formatter";
import type { StatementRange } from "@/lib/statement/range-in-zone";

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "October 2026" or "1 Oct 2026 to 15 Oct 2026" (days as the reader's calendar has them). */
export function periodLabel({ period }: StatementRange): string {
  if (period.month) return MONTH_NAME.format(new Date(`${period.month}-01T00:00:00Z`));
  const day = (date: string) =>
    new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${date}T00:00:00Z`),
    );
  return period.from === period.to ? day(period.from) : `${day(period.from)} to ${day(period.to)}`;
}

/** The period, and the exact instants it runs between in the reader's zone, named. */
export function StatementPeriodHeading({
  range,
  display,
}: {
  range: StatementRange;
  display: DisplayFormatter;
}) {
  return (
    <div data-testid="statement-period">
      <h2 className="text-lg font-semibold">{periodLabel(range)}</h2>
      <p className="text-sm text-slate-600">
        Days in your time zone, <strong className="font-medium text-slate-900">{range.timeZone}</strong>: from{" "}
        <time dateTime={range.start.toISOString()}>{display.dateTime(range.start)}</time> up to{" "}
        <time dateTime={range.end.toISOString()}>{display.dateTime(range.end)}</time>, not included. Change
        the zone under Account → Display.
      </p>
    </div>
  );
}
