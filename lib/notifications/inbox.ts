import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifications, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { isTaskKind } from "./tasks";

export interface InboxItem {
  id: string;
  kind: string;
  message: string;
  href: string;
  createdAt: string;
  read: boolean;
  /** It asks its reader to act (tasks.ts): under "Needs you" until done. */
  task: boolean;
  /** Done, by anyone: by whom and when. */
  done: { by: string; at: string } | null;
}

/** One person's newest notifications, read and unread, and how many are unread (one query). */
export async function readInbox(
  db: DbOrTx,
  userId: string,
  limit = 30,
): Promise<{ unread: number; items: InboxItem[] }> {
  const rows = await db
    .select({
      notification: notifications,
      unread: sql<number>`(select count(*)::int from ${notifications} where ${and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      )})`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return {
    // No notification at all means none unread: the count rides on each row.
    unread: rows[0]?.unread ?? 0,
    items: rows.map(({ notification: row }) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      href: hrefOf(row.objectType, row.objectId),
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
      task: isTaskKind(row.kind),
      done: row.doneAt ? { by: row.doneBy ?? "someone", at: row.doneAt.toISOString() } : null,
    })),
  };
}

/** Where a notification leads: the object's page (a pending change: its row under Pending changes). */
function hrefOf(type: NotificationObjectType, id: string): string {
  switch (type) {
    case "invoice":
      return `/invoices/${id}`;
    case "withdrawal":
      return `/withdrawals/${id}`;
    case "change":
      return `/admin/changes#change-${id}`;
    case "report":
      return `/#report-${id}`;
  }
}

/** Marks the given notifications (or all) of this person read; another person's ids change nothing. */
export async function markRead(db: DbOrTx, userId: string, ids: readonly string[] | "all"): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === "all" ? undefined : inArray(notifications.id, [...ids]),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
