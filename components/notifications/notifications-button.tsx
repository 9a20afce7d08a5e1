"use client";

import { useState } from "react";
import { BellIcon } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { WhatWaits } from "@/lib/what-waits";
import { NotificationsPanel } from "./notifications-panel";
import { useMarkRead } from "./use-mark-read";
import { useWhatWaits } from "./use-what-waits";

/**
 * The header's bell: how many tasks wait and how much information is unread (a group counted
 * once), and a panel with what needs the person apart from what is for their information.
 */
export function NotificationsButton({ initial }: { initial: WhatWaits }) {
  const { data, refetch } = useWhatWaits(initial);
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  // Opening the panel reads it afresh: what it shows is never up to a poll (15 s) old.
  const openOrClose = (next: boolean) => {
    setOpen(next);
    if (next) void refetch();
  };
  const anyUnread = [...data.tasks, ...data.information].some((item) => !item.read);

  return (
    <Dialog open={open} onOpenChange={openOrClose}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          className="gap-1 px-2"
          title="Notifications"
          data-testid="notifications-button"
        >
          <BellIcon />
          {/* The name is words only ("Notifications, 2 unread"): the badge below repeats the number for the eye. */}
          <span className="sr-only">Notifications, {data.count} unread</span>
          {data.count > 0 ? (
            <span
              className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
              aria-hidden="true"
              data-testid="notifications-unread"
            >
              {data.count > 99 ? "99+" : data.count}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-lg grid-rows-[auto_auto_minmax(0,1fr)] p-4 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <DialogTitle>Notifications</DialogTitle>
          {anyUnread ? (
            <Button size="sm" variant="secondary" onClick={() => markRead({ all: true })}>
              Mark all read
            </Button>
          ) : null}
        </div>
        <DialogDescription>
          What waits for you first; it clears itself once someone does it. Then what happened to your invoices
          and requests.
        </DialogDescription>
        <NotificationsPanel data={data} onFollow={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
