"use client";

import Link from "next/link";
import { useDisplay } from "@/components/display/display-provider";
import type { TaskItem } from "@/lib/notifications/inbox";
import { useMarkRead } from "./use-mark-read";

/** A task: open ("To do"), or done, saying how, by whom and when ("Approved by Fin Two at 14:02 CET"). */
export function TaskEntry({ task, onFollow }: { task: TaskItem; onFollow: () => void }) {
  const display = useDisplay();
  const markRead = useMarkRead();
  const { done } = task;
  const doneAt = done
    ? display.today(new Date(done.at)) === display.today()
      ? display.timeOfDay(done.at)
      : display.dateTime(done.at)
    : null;
  return (
    <Link
      href={task.href}
      onClick={() => {
        onFollow();
        if (!task.read) void markRead({ ids: [task.id] });
      }}
      className={`grid gap-0.5 rounded-md p-2 text-sm hover:bg-slate-100 ${done ? "text-slate-600" : "bg-amber-50 font-medium text-slate-900"}`}
      data-testid={done ? "task-done" : "task-open"}
    >
      <span>
        {done ? (
          <span className="mr-1 rounded bg-emerald-700 px-1 text-xs font-medium text-white">Done</span>
        ) : (
          <span className="mr-1 rounded bg-amber-700 px-1 text-xs text-white">To do</span>
        )}
        {task.message}
      </span>
      {done ? (
        <span className="text-xs font-medium text-emerald-800" suppressHydrationWarning>
          {done.how}
          {done.by ? ` by ${done.by}` : ""} at {doneAt}
        </span>
      ) : (
        <time
          dateTime={task.createdAt}
          title={display.dateTime(task.createdAt)}
          className="text-xs font-normal text-slate-600"
          suppressHydrationWarning
        >
          {display.relative(task.createdAt)}
        </time>
      )}
    </Link>
  );
}
