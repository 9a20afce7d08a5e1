import { z } from "zod";
import { calendarDate, inOrder } from "@/lib/validation/calendar-date";
import { safeText } from "@/lib/validation/text";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/page-size";
import { INVOICE_STATUSES } from "./status";

/**
 * The invoice list's filters as they live in the URL, shared by the page and the CSV export so a
 * link can be shared. Every field falls back to its default on a bad value: a mistyped or stale
 * link shows a list, never an error.
 */

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => blankToUndefined(first(value)), schema.optional()).catch(undefined);

/** Besides a status: "unresolved", the exceptions nobody has resolved yet (lib/exceptions). */
export const UNRESOLVED_FILTER = "unresolved";

export const invoiceListParamsSchema = z.object({
  status: param(z.enum([...INVOICE_STATUSES, UNRESOLVED_FILTER])),
  q: param(safeText().trim().max(200)),
  dateFrom: param(calendarDate),
  dateTo: param(calendarDate),
  /** "1": only the viewer's own invoices. */
  mine: param(z.enum(["1"])),
  limit: z
    .preprocess(first, z.coerce.number().pipe(z.union(PAGE_SIZES.map((size) => z.literal(size)))))
    .catch(DEFAULT_PAGE_SIZE),
  cursor: param(safeText().max(200)),
  dir: param(z.enum(["next", "prev"])),
});

export type InvoiceListParams = z.infer<typeof invoiceListParamsSchema>;
/** What narrows the list; the export uses only this part. `mine` becomes the viewer's id. */
export type InvoiceListFilter = Pick<InvoiceListParams, "status" | "q" | "dateFrom" | "dateTo"> & {
  createdBy?: string;
  /** The reader's zone: the dates are their calendar days. */
  timeZone?: string;
};

/** The filter for this viewer: "created by me" is their own id, the dates are days in their zone. */
export function invoiceFilterFor(
  params: InvoiceListParams,
  viewer: { id: string; timeZone: string },
): InvoiceListFilter {
  const { status, q, dateFrom, dateTo, mine } = params;
  return { status, q, dateFrom, dateTo, createdBy: mine ? viewer.id : undefined, timeZone: viewer.timeZone };
}

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

export function parseInvoiceListParams(raw: RawParams): InvoiceListParams {
  const record = raw instanceof URLSearchParams ? Object.fromEntries(raw) : raw;
  return inOrder(invoiceListParamsSchema.parse(record));
}

export function hasInvoiceFilter(filter: InvoiceListFilter): boolean {
  return Boolean(filter.status || filter.q || filter.dateFrom || filter.dateTo || filter.createdBy);
}

/** The query string for these params (defaults left out), for links and the export. */
export function toInvoiceListQuery(params: Partial<InvoiceListParams>): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.dateFrom) search.set("dateFrom", params.dateFrom);
  if (params.dateTo) search.set("dateTo", params.dateTo);
  if (params.mine) search.set("mine", params.mine);
  if (params.limit && params.limit !== DEFAULT_PAGE_SIZE) search.set("limit", String(params.limit));
  if (params.cursor) search.set("cursor", params.cursor);
  if (params.cursor && params.dir === "prev") search.set("dir", "prev");
  return search.toString();
}
