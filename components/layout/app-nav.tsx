"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import type { NavItem } from "@/lib/navigation";

export function AppNav({ items }: { items: readonly NavItem[] }) {
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
        <Link
          key={item.href}
          href={item.href}
          aria-current={isActive(item.href) ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900",
            isActive(item.href) && "bg-slate-900 text-white hover:bg-slate-900 hover:text-white",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
