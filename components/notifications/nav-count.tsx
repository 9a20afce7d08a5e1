"use client";

import { NAV_COUNT_CAPS } from "@/lib/notifications/nav-count-caps";
import type { WhatWaits } from "@/lib/what-waits";
import { useWhatWaits } from "./use-what-waits";

const SAYS = {
  approvals: (n: string) => `${n} waiting for your approval`,
  exceptions: (n: string) => `${n} unresolved exceptions`,
  payouts: (n: string) => `${n} payouts waiting for someone in finance`,
  changes: (n: string) => `${n} changes waiting for your approval`,
};

/** A count beside a navigation link, kept fresh while the page is open; nothing when zero. */
export function NavCount({ initial, counts }: { initial: WhatWaits; counts: keyof typeof SAYS }) {
  const { data } = useWhatWaits(initial);
  const count = data[counts];
  if (!count) return null;
  const cap = NAV_COUNT_CAPS[counts];
  const shown = count >= cap ? `${cap - 1}+` : String(count);
  return (
    <span
      className="-ml-1 self-center rounded-full bg-amber-200 px-1.5 text-xs font-semibold text-amber-900"
      data-testid={`nav-count-${counts}`}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{SAYS[counts](shown)}</span>
    </span>
  );
}
