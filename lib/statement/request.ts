import "server-only";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { dayIn } from "@/lib/display/time";
import { parseStatementParams, type StatementParamErrors, type StatementParams } from "./params";
import { rangeInZone, type StatementRange } from "./range-in-zone";

export type StatementRequest =
  | ({ ok: true; range: StatementRange } & Omit<StatementParams, "period">)
  | { ok: false; errors: StatementParamErrors; timeZone: string };

/**
 * What a reader asked of the statement, in their time zone (Account → Display): the default
 * period is the last full month as their calendar has it.
 */
export function readStatementRequest(
  reader: { timeZone: string | null; numberLocale: string | null },
  raw: Parameters<typeof parseStatementParams>[0],
  now = new Date(),
): StatementRequest {
  const { timeZone } = displayPreferencesOf(reader);
  const parsed = parseStatementParams(raw, dayIn(now, timeZone));
  if (!parsed.ok) return { ok: false, errors: parsed.errors, timeZone };
  const { period, ...rest } = parsed.params;
  return { ok: true, range: rangeInZone(period, timeZone), ...rest };
}

/** "statement-2026-10" or "statement-2026-10-01-to-2026-10-15", then what the file holds. */
export function statementFileName(range: StatementRange, part: string, extension: "csv" | "xlsx"): string {
  const { period } = range;
  const span = period.month ?? `${period.from}-to-${period.to}`;
  return `statement-${span}${part ? `-${part}` : ""}.${extension}`;
}

/** A 400's text: each bad parameter and why. */
export function paramErrorsText(errors: StatementParamErrors): string {
  return Object.entries(errors)
    .map(([name, message]) => `${name}: ${message}`)
    .join("\n");
}
