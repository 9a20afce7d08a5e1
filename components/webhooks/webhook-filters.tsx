import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { SearchRefused } from "@/components/lists/filter-bar";
import { FoldedFilters } from "@/components/lists/folded-filters";
import { WEBHOOK_OUTCOMES, type WebhookListFilter } from "@/lib/webhooks/list-filter";
import { OUTCOME_LABELS } from "./outcome-badge";

/** A plain GET form: filters live in the URL, so a filtered view can be shared or reloaded. */
export function WebhookFilters({
  filter,
  refusedSearch,
}: {
  filter: WebhookListFilter;
  refusedSearch?: string;
}) {
  const verified = filter.verified === undefined ? "" : filter.verified ? "yes" : "no";
  return (
    <FoldedFilters>
      <form
        method="get"
        className="flex flex-wrap items-end gap-3"
        role="search"
        aria-label="Filter webhooks"
      >
        <div className="grid gap-1">
          <Label htmlFor="webhooks-q">Order id</Label>
          <Input
            id="webhooks-q"
            name="q"
            defaultValue={refusedSearch ?? filter.orderId ?? ""}
            placeholder="inv_…"
            className="w-56"
            aria-invalid={refusedSearch !== undefined || undefined}
            aria-describedby={refusedSearch !== undefined ? "webhooks-q-error" : undefined}
          />
          {refusedSearch !== undefined ? <SearchRefused id="webhooks-q-error" /> : null}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="webhooks-outcome">Outcome</Label>
          <Select id="webhooks-outcome" name="outcome" defaultValue={filter.outcome ?? ""}>
            <option value="">Any</option>
            {WEBHOOK_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {OUTCOME_LABELS[outcome]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="webhooks-verified">Signature</Label>
          <Select id="webhooks-verified" name="verified" defaultValue={verified}>
            <option value="">Any</option>
            <option value="yes">Verified</option>
            <option value="no">Not verified</option>
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
    </FoldedFilters>
  );
}
