import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A data table that turns into a stack of cards below `sm` (see `.table-stack` in globals.css), so
 * a phone never scrolls sideways to reach a row's actions. The header row stays for screen
 * readers; on screen, each cell shows its `label` instead.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    // `relative` keeps absolutely positioned content (sr-only text) inside the scroller.
    <div className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent">
      <table className={cn("table-stack w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader(props: ComponentProps<"thead">) {
  return <thead className="border-b border-slate-200 bg-slate-50" {...props} />;
}

export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody className="[&_tr:last-child]:border-0" {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-slate-100 hover:bg-slate-50/60", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return <th className={cn("h-10 px-3 text-left font-medium text-slate-600", className)} {...props} />;
}

/** `label`: the column's name, shown beside the value when rows are stacked as cards on a phone. */
export function TableCell({
  className,
  label,
  children,
  ...props
}: ComponentProps<"td"> & { label?: string }) {
  return (
    <td className={cn("px-3 py-2 align-middle", className)} {...props}>
      {label ? (
        // Screen readers already hear the column header; this copy is for the eyes only.
        <span aria-hidden="true" className="table-stack-label">
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}

export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}
