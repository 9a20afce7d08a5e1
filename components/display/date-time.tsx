"use client";

import { useDisplay } from "./display-provider";

/** A moment in the person's zone, zone named: "25 Nov 2026, 21:06 CET". */
export function DateTime({
  value,
  seconds,
  className,
}: {
  value: string | Date;
  /** For times people match against logs or other systems. */
  seconds?: boolean;
  className?: string;
}) {
  const display = useDisplay();
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} className={className}>
      {display.dateTime(iso, { seconds })}
    </time>
  );
}
