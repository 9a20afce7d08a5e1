import { z } from "zod";
import { calendarDate, inOrder } from "@/lib/validation/calendar-date";
import { safeText } from "@/lib/validation/text";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/page-size";
import { WITHDRAWAL_STATES } from "./state-machine";

/**
 * The withdrawal list's filters as they live in the URL, shared by the page and the CSV export.
 * Every field falls back to its default on a bad value: a stale link shows a list, never an error.
 */

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => blankToUndefined(first(value)), schema.optional()).catch(undefined);

export const withdrawalListParamsSchema = z.object({
  state: param(z.enum(WITHDRAWAL_STATES)),
  /** Exact address, order id or customer id. */
  q: param(safeText().trim().max(200)),
  /** Requested on these UTC calendar days, both included. */
  dateFrom: param(calendarDate),
  dateTo: param(calendarDate),
  /** "1": only the viewer's own requests. */
  mine: param(z.enum(["1"])),
  limit: z
    .preprocess(first, z.coerce.number().pipe(z.union(PAGE_SIZES.map((size) => z.literal(size)))))
    .catch(DEFAULT_PAGE_SIZE),
  cursor: param(safeText().max(200)),
  dir: param(z.enum(["next", "prev"])),
});

export type WithdrawalListParams = z.infer<typeof withdrawalListParamsSchema>;
/** What narrows the list; the export uses only this part. `mine` becomes the viewer's id. */
export type WithdrawalListFilter = Pick<WithdrawalListParams, "state" | "q" | "dateFrom" | "dateTo"> & {
  requestedBy?: string;
  /** The reader's zone: the dates are their calendar days. */
  timeZone?: string;
};

/** The filter for this viewer: "requested by me" is their own id, the dates are days in their zone. */
export function withdrawalFilterFor(
  params: WithdrawalListParams,
  viewer: { id: string; timeZone: string },
): WithdrawalListFilter {
  const { state, q, dateFrom, dateTo, mine } = params;
  return { state, q, dateFrom, dateTo, requestedBy: mine ? viewer.id : undefined, timeZone: viewer.timeZone };
}

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

export function parseWithdrawalListParams(raw: RawParams): WithdrawalListParams {
  const record = raw instanceof URLSearchParams ? Object.fromEntries(raw) : raw;
  return inOrder(withdrawalListParamsSchema.parse(record));
}

export function hasWithdrawalFilter(filter: WithdrawalListFilter): boolean {
  return Boolean(filter.state || filter.q || filter.dateFrom || filter.dateTo || filter.requestedBy);
}

/** The query string for these params (defaults left out), for links and the export. */
export function toWithdrawalListQuery(params: Partial<WithdrawalListParams>): string {
  const search = new URLSearchParams();
  if (params.state) search.set("state", params.state);
  if (params.q) search.set("q", params.q);
  if (params.dateFrom) search.set("dateFrom", params.dateFrom);
  if (params.dateTo) search.set("dateTo", params.dateTo);
  if (params.mine) search.set("mine", params.mine);
  if (params.limit && params.limit !== DEFAULT_PAGE_SIZE) search.set("limit", String(params.limit));
  if (params.cursor) search.set("cursor", params.cursor);
  if (params.cursor && params.dir === "prev") search.set("dir", "prev");
  return search.toString();
}
