import {
  FilterBar,
  FilterField,
  MineFilter,
  PageSizeFilter,
  SearchFilter,
} from "@/components/lists/filter-bar";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { type WithdrawalListParams } from "@/lib/withdrawals/list-filter";
import { PAGE_SIZES } from "@/lib/page-size";
import { WITHDRAWAL_STATE_LABELS } from "@/lib/withdrawals/state-labels";
import { WITHDRAWAL_STATES } from "@/lib/withdrawals/state-machine";

export function WithdrawalFilterBar({
  params,
  refusedSearch,
}: {
  params: WithdrawalListParams;
  refusedSearch?: string;
}) {
  return (
    <FilterBar
      action="/withdrawals"
      label="Filter withdrawals"
      className="lg:grid-cols-[12rem_1fr_9rem_9rem_auto_6rem_auto]"
    >
      <FilterField id="filter-state" label="State">
        <Select id="filter-state" name="state" defaultValue={params.state ?? ""}>
          <option value="">All</option>
          {WITHDRAWAL_STATES.map((state) => (
            <option key={state} value={state}>
              {WITHDRAWAL_STATE_LABELS[state]}
            </option>
          ))}
        </Select>
      </FilterField>
      <SearchFilter
        value={params.q}
        placeholder="Exact address, order id, customer id or tx hash"
        refused={refusedSearch}
      />
      <FilterField id="filter-from" label="From">
        <Input id="filter-from" name="dateFrom" type="date" defaultValue={params.dateFrom ?? ""} />
      </FilterField>
      <FilterField id="filter-to" label="To">
        <Input id="filter-to" name="dateTo" type="date" defaultValue={params.dateTo ?? ""} />
      </FilterField>
      <MineFilter checked={params.mine === "1"} label="Requested by me" />
      <PageSizeFilter value={params.limit} sizes={PAGE_SIZES} />
    </FilterBar>
  );
}
