"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { NavCount } from "@/components/notifications/nav-count";
import { useWhatWaits } from "@/components/notifications/use-what-waits";
import type { NavItem } from "@/lib/navigation";
import type { WhatWaits } from "@/lib/what-waits";
import { ChevronDownIcon } from "@/components/ui/icons";

interface NavProps {
  items: readonly NavItem[];
  waits: WhatWaits;
}

/**
 * The admin pages, when there are several: on a wide screen they sit under one "Admin" menu, so the
 * navigation of an admin fits on one row beside the user block.
 */
function grouped(items: readonly NavItem[]) {
  const admin = items.filter((item) => item.href.startsWith("/admin/"));
  if (admin.length < 2) return { main: items, admin: [] };
  return { main: items.filter((item) => !admin.includes(item)), admin };
}

/** Whether an item is the current page: the most specific match wins (Approvals, not Withdrawals). */
function useIsCurrent(items: readonly NavItem[]) {
  const pathname = usePathname();
  const matches = items.filter(
    (item) => pathname === item.href || pathname.startsWith(`${item.href === "/" ? "" : item.href}/`),
  );
  const current = matches.sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (href: string) => (href === "/" ? pathname === "/" : href === current);
}

const LINK =
  "whitespace-nowrap rounded-md text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900";
const CURRENT = "bg-slate-900 text-white hover:bg-slate-900 hover:text-white";

function NavEntry({
  item,
  current,
  waits,
  onNavigate,
  className,
}: {
  item: NavItem;
  current: boolean;
  waits: WhatWaits;
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    <li className="flex items-center gap-1">
      <Link
        href={item.href}
        onClick={onNavigate}
        aria-current={current ? "page" : undefined}
        className={cn(LINK, className, current && CURRENT)}
      >
        {item.label}
      </Link>
      {item.count ? <NavCount initial={waits} counts={item.count} /> : null}
    </li>
  );
}

/** The navigation in the header's row, from the `lg` breakpoint up. */
export function AppNav({ items, waits, className }: NavProps & { className?: string }) {
  const isCurrent = useIsCurrent(items);
  const { main, admin } = grouped(items);
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-1">
        {main.map((item) => (
          <NavEntry
            key={item.href}
            item={item}
            current={isCurrent(item.href)}
            waits={waits}
            className="px-2.5 py-1.5"
          />
        ))}
        {admin.length > 0 ? <AdminMenu items={admin} waits={waits} isCurrent={isCurrent} /> : null}
      </ul>
    </nav>
  );
}

function contains(element: HTMLElement | null, target: EventTarget | null): boolean {
  return target instanceof Node && Boolean(element?.contains(target));
}

/**
 * A disclosure (a button that shows and hides a list of links), not an ARIA menu: Tab moves through
 * the links as anywhere else; Escape, a click elsewhere or following a link closes it.
 */
function AdminMenu({ items, waits, isCurrent }: NavProps & { isCurrent: (href: string) => boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { data } = useWhatWaits(waits);
  const somethingWaits = items.some((item) => item.count && (data[item.count] ?? 0) > 0);
  const inside = (target: EventTarget | null) => contains(root.current, target);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!contains(root.current, event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  return (
    <li
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (event.relatedTarget && !inside(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className={cn(
          LINK,
          "group flex items-center gap-1 px-2.5 py-1.5",
          items.some((item) => isCurrent(item.href)) && CURRENT,
        )}
      >
        Admin
        {somethingWaits ? (
          <>
            <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
            <span className="sr-only">, something waits for you</span>
          </>
        ) : null}
        <ChevronDownIcon className="group-aria-expanded:rotate-180" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute left-0 top-full z-30 mt-2 grid min-w-56 gap-0.5 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {items.map((item) => (
          <NavEntry
            key={item.href}
            item={item}
            current={isCurrent(item.href)}
            waits={waits}
            onNavigate={() => setOpen(false)}
            className="flex-1 px-3 py-2"
          />
        ))}
      </ul>
    </li>
  );
}

/** The navigation in the menu sheet, below `lg`: every item, the admin pages under their heading. */
export function MenuNav({ items, waits, onNavigate }: NavProps & { onNavigate: () => void }) {
  const isCurrent = useIsCurrent(items);
  const { main, admin } = grouped(items);
  const adminId = useId();
  const entry = (item: NavItem) => (
    <NavEntry
      key={item.href}
      item={item}
      current={isCurrent(item.href)}
      waits={waits}
      onNavigate={onNavigate}
      className="flex-1 px-3 py-2"
    />
  );
  return (
    <nav aria-label="Main" className="grid gap-4">
      <ul className="grid gap-0.5">{main.map(entry)}</ul>
      {admin.length > 0 ? (
        <div className="grid gap-1">
          <p id={adminId} className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
            Admin
          </p>
          <ul aria-labelledby={adminId} className="grid gap-0.5">
            {admin.map(entry)}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
