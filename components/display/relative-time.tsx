"use client";

import { cn } from "@/lib/cn";
import { useDisplay } from "./display-provider";

/**
 * "3 hours ago", with the exact time in the person's zone on hover and on keyboard focus (a
 * title alone shows on neither a touch screen nor focus). The text depends on the clock, so the
 * server's and the browser's renderings may differ by a second: that difference is expected.
 */
export function RelativeTime({
  value,
  now,
  className,
}: {
  value: string | Date;
  now?: Date;
  className?: string;
}) {
  const display = useDisplay();
  const iso = typeof value === "string" ? value : value.toISOString();
  const exact = display.dateTime(iso);
  return (
    <span className={cn("group relative inline-block", className)}>
      <time
        dateTime={iso}
        title={exact}
        tabIndex={0}
        aria-label={`${display.relative(iso, now)}, ${exact}`}
        className="underline decoration-dotted decoration-slate-400 underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-400"
        suppressHydrationWarning
      >
        {display.relative(iso, now)}
      </time>
      <span
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-0 z-20 mb-1 hidden whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white group-focus-within:block group-hover:block"
      >
        {exact}
      </span>
    </span>
  );
}
