import {
  FilterBar,
  FilterField,
  MineFilter,
  PageSizeFilter,
  SearchFilter,
} from "@/components/lists/filter-bar";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { UNRESOLVED_FILTER, type InvoiceListParams } from "@/lib/invoices/list-filter";
import { PAGE_SIZES } from "@/lib/page-size";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from "@/lib/invoices/status";

export function InvoiceFilterBar({
  params,
  refusedSearch,
}: {
  params: InvoiceListParams;
  refusedSearch?: string;
}) {
  return (
    <FilterBar
      action="/invoices"
      label="Filter invoices"
      className="lg:grid-cols-[10rem_1fr_9rem_9rem_auto_6rem_auto]"
    >
      <FilterField id="filter-status" label="Status">
        <Select id="filter-status" name="status" defaultValue={params.status ?? ""}>
          <option value="">All</option>
          <option value={UNRESOLVED_FILTER}>Unresolved exceptions</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INVOICE_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </FilterField>
      <SearchFilter
        value={params.q}
        placeholder="Order id, customer email or id, address, tx hash"
        refused={refusedSearch}
      />
      <FilterField id="filter-from" label="From">
        <Input id="filter-from" name="dateFrom" type="date" defaultValue={params.dateFrom ?? ""} />
      </FilterField>
      <FilterField id="filter-to" label="To">
        <Input id="filter-to" name="dateTo" type="date" defaultValue={params.dateTo ?? ""} />
      </FilterField>
      <MineFilter checked={params.mine === "1"} label="Created by me" />
      <PageSizeFilter value={params.limit} sizes={PAGE_SIZES} />
    </FilterBar>
  );
}
