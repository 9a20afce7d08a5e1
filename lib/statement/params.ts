import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { FIGURES } from "./line-types";
import type { LineFilter } from "./lines";
import {
  dateField,
  monthBefore,
  monthField,
  periodOfMonth,
  periodOfRange,
  type StatementPeriod,
} from "./period";

/**
 * The statement's query string, shared by the page and its downloads: the period (a month, or a
 * first and a last day; none: the last full month), the lines' filter, and the lines' page. Bad
 * input is an error on its field, never a guess: the page shows it beside the field, a download
 * answers 400 with it.
 */
export interface StatementParams {
  period: StatementPeriod;
  filter: LineFilter;
  cursor?: string;
  dir?: "prev";
}

export type StatementParamErrors = Partial<Record<keyof typeof paramsSchema.shape | "params", string>>;

export type ParsedStatementParams =
  { ok: true; params: StatementParams } | { ok: false; errors: StatementParamErrors };

export const LINE_FIGURES = [...FIGURES, "fees_not_reported", "all"] as const;

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const paramsSchema = z.object({
  month: optional(monthField),
  from: optional(dateField),
  to: optional(dateField),
  currency: optional(
    safeText()
      .max(16, "A coin is at most 16 characters.")
      .regex(/^[A-Za-z0-9._-]+$/, "A coin is letters and digits."),
  ),
  // An empty network is a network of its own ("none"), so it is kept.
  network: safeText().max(32, "A network is at most 32 characters.").optional(),
  figure: optional(z.enum(LINE_FIGURES, { error: "Choose one of the statement's figures." })),
  cursor: optional(safeText().max(200, "This page of lines no longer exists: start again from the first.")),
  dir: optional(z.enum(["prev"], { error: "Choose the next or the previous page." })),
});

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

export function parseStatementParams(raw: RawParams, today: string): ParsedStatementParams {
  const entries =
    raw instanceof URLSearchParams
      ? [...new Set(raw.keys())].map((key) => [key, raw.getAll(key)] as const)
      : Object.entries(raw);
  const single: Record<string, string> = {};
  const errors: StatementParamErrors = {};
  for (const [key, value] of entries) {
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    if (!Object.hasOwn(paramsSchema.shape, key)) continue;
    if (values.length > 1) errors[key as keyof StatementParamErrors] = `Give ${key} once.`;
    else if (values[0] !== undefined) single[key] = values[0];
  }
  const parsed = paramsSchema.safeParse(single);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "params") as keyof StatementParamErrors;
      errors[key] ??= issue.message;
    }
  }
  if (parsed.success) {
    const { month, from, to } = parsed.data;
    if (month && (from || to)) errors.month = "Choose a month or a range of days, not both.";
    else if (from && !to) errors.to = "Choose the last day too.";
    else if (to && !from) errors.from = "Choose the first day too.";
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const { month, from, to, currency, network, figure, cursor, dir } = parsed.data;
  const period = from && to ? periodOfRange(from, to) : periodOfMonth(month ?? monthBefore(today));
  return { ok: true, params: { period, filter: { currency, network, figure }, cursor, dir } };
}

/** The query string of a period and a filter (never a page position), for links and downloads. */
export function statementQuery(period: StatementPeriod, filter: LineFilter = {}): URLSearchParams {
  const query = new URLSearchParams(
    period.month ? { month: period.month } : { from: period.from, to: period.to },
  );
  if (filter.currency !== undefined) query.set("currency", filter.currency);
  if (filter.network !== undefined) query.set("network", filter.network);
  if (filter.figure !== undefined) query.set("figure", filter.figure);
  return query;
}
