"use client";

import type { WhatWaits } from "@/lib/what-waits";
import { ExpiryMute } from "./expiry-mute";
import { InformationEntry } from "./information-entry";
import { TaskEntry } from "./task-entry";

/**
 * Two sections, what needs the person first: tasks open until someone does them (then who did
 * it), and information, grouped. Both scroll together inside the dialog.
 */
export function NotificationsPanel({ data, onFollow }: { data: WhatWaits; onFollow: () => void }) {
  const open = data.tasks.filter((task) => !task.done).length;
  return (
    <div className="-mx-1 grid min-h-0 content-start gap-4 overflow-y-auto px-1" data-testid="notifications">
      <section aria-labelledby="notifications-needs-you" data-testid="notifications-needs-you">
        <h3 id="notifications-needs-you" className="mb-1 text-sm font-semibold text-slate-900">
          Needs you{open > 0 ? ` (${open})` : ""}
        </h3>
        {data.tasks.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing waits for you.</p>
        ) : (
          <ul className="grid gap-1">
            {data.tasks.map((task) => (
              <li key={task.id}>
                <TaskEntry task={task} onFollow={onFollow} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="notifications-information" data-testid="notifications-information">
        <h3 id="notifications-information" className="mb-1 text-sm font-semibold text-slate-900">
          For your information
        </h3>
        {data.information.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet.</p>
        ) : (
          <ul className="grid gap-1">
            {data.information.map((item) => (
              <li key={item.id}>
                <InformationEntry item={item} onFollow={onFollow} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.mayMute.includes("invoice.expired") ? (
        <ExpiryMute muted={data.muted.includes("invoice.expired")} />
      ) : null}
    </div>
  );
}
