import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { FoldedFilters } from "./folded-filters";
import { REFUSED_SEARCH_MESSAGE } from "@/lib/validation/text";

interface FilterBarProps {
  /** The list's path: the form submits to it, and "Clear" links back to it without filters. */
  action: string;
  /** The search landmark's name, e.g. "Filter invoices". */
  label: string;
  /** The grid's columns at `lg`, one per field plus the buttons (a literal class, for Tailwind). */
  className?: string;
  children: ReactNode;
}

/**
 * A plain GET form: the filters become the URL, so the view can be bookmarked and shared. Each
 * list brings its own fields; the layout, the page size and the Apply / Clear buttons are shared.
 * On a phone the form folds behind a "Filters" button, with the filters in use as chips.
 */
export function FilterBar({ action, label, className, children }: FilterBarProps) {
  return (
    <FoldedFilters>
      <form
        method="get"
        action={action}
        role="search"
        aria-label={label}
        className={cn("grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2", className)}
      >
        {children}
        <div className="flex items-end gap-2">
          <Button type="submit">Apply</Button>
          <Button variant="ghost" asChild>
            <Link href={action}>Clear</Link>
          </Button>
        </div>
      </form>
    </FoldedFilters>
  );
}

/** A filter's label above its control. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

interface SearchFilterProps {
  value: string | undefined;
  placeholder: string;
  /** The search as typed, when it was refused (see refusedSearch): shown with why, not applied. */
  refused?: string;
}

export function SearchFilter({ value, placeholder, refused }: SearchFilterProps) {
  return (
    <FilterField id="filter-q" label="Search">
      <Input
        id="filter-q"
        name="q"
        type="search"
        defaultValue={refused ?? value ?? ""}
        placeholder={placeholder}
        maxLength={200}
        aria-invalid={refused !== undefined || undefined}
        aria-describedby={refused !== undefined ? "filter-q-error" : undefined}
      />
      {refused !== undefined ? <SearchRefused id="filter-q-error" /> : null}
    </FilterField>
  );
}

export function SearchRefused({ id }: { id: string }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {REFUSED_SEARCH_MESSAGE}
    </p>
  );
}

/** A checkbox filter that narrows the list to the viewer's own rows ("mine=1" in the URL). */
export function MineFilter({ checked, label }: { checked: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 self-end pb-2 text-sm">
      <input type="checkbox" name="mine" value="1" defaultChecked={checked} className="size-4" />
      {label}
    </label>
  );
}

export function PageSizeFilter({ value, sizes }: { value: number; sizes: readonly number[] }) {
  return (
    <FilterField id="filter-limit" label="Per page">
      <Select id="filter-limit" name="limit" defaultValue={String(value)} data-no-chip>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}
