import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Classes of the value alone, e.g. a monospace address. */
  valueClassName?: string;
}

const SIZES = {
  default: "grid-cols-[9rem_1fr] gap-x-4 gap-y-2",
  compact: "grid-cols-[7rem_1fr] gap-x-3 gap-y-1",
  /** Long labels and short values (counts): the value in its own column at the right. */
  wide: "grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2",
};

/**
 * Labels and their values as a two-column `<dl>`: a detail page's facts, a dialog's summary.
 * Every value has its label (a `<dl>` holds only label/value groups), notes included.
 */
export function DetailList({
  items,
  size = "default",
  className,
  ...props
}: { items: DetailItem[]; size?: keyof typeof SIZES } & Omit<ComponentProps<"dl">, "children">) {
  return (
    <dl className={cn("grid text-sm", SIZES[size], className)} {...props}>
      {items.map(({ label, value, valueClassName }) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
