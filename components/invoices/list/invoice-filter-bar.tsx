import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { PAGE_SIZES, type InvoiceListParams } from "@/lib/invoices/list-filter";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from "@/lib/invoices/status";

/** A plain GET form: the filters become the URL, so the view can be bookmarked and shared. */
export function InvoiceFilterBar({ params }: { params: InvoiceListParams }) {
  return (
    <form
      method="get"
      action="/invoices"
      role="search"
      aria-label="Filter invoices"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[10rem_1fr_9rem_9rem_6rem_auto]"
    >
      <div className="grid gap-1">
        <Label htmlFor="filter-status">Status</Label>
        <Select id="filter-status" name="status" defaultValue={params.status ?? ""}>
          <option value="">All</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INVOICE_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-q">Search</Label>
        <Input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={params.q ?? ""}
          placeholder="Order id, invoice id or customer id"
          maxLength={200}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-from">From (UTC)</Label>
        <Input id="filter-from" name="dateFrom" type="date" defaultValue={params.dateFrom ?? ""} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-to">To (UTC)</Label>
        <Input id="filter-to" name="dateTo" type="date" defaultValue={params.dateTo ?? ""} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-limit">Per page</Label>
        <Select id="filter-limit" name="limit" defaultValue={String(params.limit)}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit">Apply</Button>
        <Button variant="ghost" asChild>
          <Link href="/invoices">Clear</Link>
        </Button>
      </div>
    </form>
  );
}
