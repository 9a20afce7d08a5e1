"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import { NavCount } from "@/components/notifications/nav-count";
import type { NavItem } from "@/lib/navigation";
import type { WhatWaits } from "@/lib/what-waits";

export function AppNav({ items, waits }: { items: readonly NavItem[]; waits: WhatWaits }) {
  const pathname = usePathname();
  // The most specific item wins: on /withdrawals/approvals, "Approvals" is active, not "Withdrawals".
  const matches = items.filter(
    (item) => pathname === item.href || pathname.startsWith(`${item.href === "/" ? "" : item.href}/`),
  );
  const active = matches.sort((a, b) => b.href.length - a.href.length)[0]?.href;
  const isActive = (href: string) => (href === "/" ? pathname === "/" : href === active);
  return (
    <nav aria-label="Main" className="flex flex-wrap gap-1">
      {items.map((item) => (
        <span key={item.href} className="flex gap-1">
          <Link
            href={item.href}
            aria-current={isActive(item.href) ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900",
              isActive(item.href) && "bg-slate-900 text-white hover:bg-slate-900 hover:text-white",
            )}
          >
            {item.label}
          </Link>
          {item.count ? <NavCount initial={waits} counts={item.count} /> : null}
        </span>
      ))}
    </nav>
  );
}
