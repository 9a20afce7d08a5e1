"use client";

import Link from "next/link";
import { useDisplay } from "@/components/display/display-provider";
import type { InfoItem } from "@/lib/notifications/inbox";
import { useMarkRead } from "./use-mark-read";

/** One piece of information, or a group of one kind on one day leading to the list of them. */
export function InformationEntry({ item, onFollow }: { item: InfoItem; onFollow: () => void }) {
  const display = useDisplay();
  const markRead = useMarkRead();
  return (
    <Link
      href={item.href}
      onClick={() => {
        onFollow();
        if (item.read) return;
        void markRead(item.group ? { group: { kind: item.kind, day: item.group.day } } : { ids: [item.id] });
      }}
      className={`grid gap-0.5 rounded-md p-2 text-sm hover:bg-slate-100 ${item.read ? "text-slate-600" : "bg-sky-50 font-medium text-slate-900"}`}
      data-testid={item.group ? "information-group" : "information-item"}
    >
      <span>
        {item.read ? null : <span className="mr-1 rounded bg-sky-700 px-1 text-xs text-white">New</span>}
        {item.message}
      </span>
      <time
        dateTime={item.createdAt}
        title={display.dateTime(item.createdAt)}
        className="text-xs font-normal text-slate-600"
        suppressHydrationWarning
      >
        {item.group ? "latest " : ""}
        {display.relative(item.createdAt)}
      </time>
    </Link>
  );
}
