"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useDisplay } from "@/components/display/display-provider";
import { BellIcon } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { showOutcome } from "@/components/ui/outcome-toast";
import { failed } from "@/lib/outcome/outcome";
import { markNotificationsReadAction } from "@/lib/notifications/actions";
import type { WhatWaits } from "@/lib/what-waits";
import { useWhatWaits, WHAT_WAITS_KEY } from "./use-what-waits";

/** The header's bell: how many notifications are unread, and a panel listing them. */
export function NotificationsButton({ initial }: { initial: WhatWaits }) {
  const { data } = useWhatWaits(initial);
  const queryClient = useQueryClient();
  const display = useDisplay();
  const [open, setOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WHAT_WAITS_KEY });
  // What asks this person to act and is not done yet comes first; the rest, done tasks included, informs.
  const needsYou = data.items.filter((item) => item.task && !item.done);
  const forInformation = data.items.filter((item) => !item.task || item.done);

  async function markRead(input: { ids: string[] } | { all: true }) {
    const result = await markNotificationsReadAction(input);
    if (!result.ok) showOutcome(failed(result.message));
    await refresh();
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
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
          <span className="sr-only">Notifications, {data.unread} unread</span>
          {data.unread > 0 ? (
            <span
              className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
              aria-hidden="true"
              data-testid="notifications-unread"
            >
              {data.unread > 99 ? "99+" : data.unread}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <div className="flex items-center justify-between gap-2">
          <DialogTitle>Notifications</DialogTitle>
          {data.unread > 0 ? (
            <Button size="sm" variant="secondary" onClick={() => markRead({ all: true })}>
              Mark all read
            </Button>
          ) : null}
        </div>
        <DialogDescription>
          What happened to your invoices and requests, and what waits for you. Nothing is sent outside
          Paydesk.
        </DialogDescription>
        {data.items.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet.</p>
        ) : (
          <div className="grid max-h-[28rem] gap-3 overflow-y-auto" data-testid="notifications">
            {[
              { title: "Needs you", items: needsYou, testId: "needs-you" },
              { title: "For your information", items: forInformation, testId: "for-information" },
            ].map((section) =>
              section.items.length === 0 ? null : (
                <section key={section.title} aria-label={section.title} data-testid={section.testId}>
                  <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {section.title}
                  </h3>
                  <ul className="grid gap-1">
                    {section.items.map((item) => (
                      <li key={item.id}>
                        <Link
                          href={item.href}
                          onClick={() => {
                            setOpen(false);
                            if (!item.read) void markRead({ ids: [item.id] });
                          }}
                          className={`grid gap-0.5 rounded-md p-2 text-sm hover:bg-slate-100 ${item.read ? "text-slate-600" : "bg-sky-50 font-medium text-slate-900"}`}
                        >
                          <span>
                            {item.read ? null : (
                              <span className="mr-1 rounded bg-sky-700 px-1 text-xs text-white">New</span>
                            )}
                            {item.message}
                          </span>
                          {item.done ? (
                            <span className="text-xs font-medium text-emerald-800" data-testid="task-done">
                              Done by {item.done.by}, {display.dateTime(item.done.at)}
                            </span>
                          ) : null}
                          <time
                            dateTime={item.createdAt}
                            title={display.dateTime(item.createdAt)}
                            className="text-xs font-normal text-slate-600"
                            suppressHydrationWarning
                          >
                            {display.relative(item.createdAt)}
                          </time>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ),
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
