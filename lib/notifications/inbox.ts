import "server-only";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, not, sql } from "drizzle-orm";
import { invoices, notifications, users, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { daysBefore, startOfDayIn } from "@/lib/display/day-start";
import { groupInformation, groupKeyOf, type InfoItem } from "./grouping";
import { OPEN } from "./tasks";

export type { InfoItem } from "./grouping";

/** Something a person was asked to do: open until someone does it, then who did it and when. */
export interface TaskItem {
  id: string;
  kind: string;
  message: string;
  href: string;
  createdAt: string;
  read: boolean;
  /** Null while it waits. `by` is the person's name; null when nobody did it (the service, Paydesk). */
  done: { at: string; how: string; by: string | null } | null;
}

export interface Inbox {
  /** What the header counts: the open tasks, and the information (a group as one) not read yet. */
  count: number;
  /** "Needs you": open tasks oldest first, then those done in the last days, newest first. */
  tasks: TaskItem[];
  /** "For your information": newest first, grouped (grouping.ts). */
  information: InfoItem[];
}

const OPEN_TASKS_SHOWN = 50;
const DONE_TASKS_SHOWN = 10;
const DONE_TASKS_DAYS = 7;
/** The newest information read for the panel; a group cut by this edge is left out rather than miscounted. */
const INFORMATION_READ = 200;
const INFORMATION_SHOWN = 30;
/** The unread information counted for the header (grouped as shown): beyond it, the oldest do not count. */
const UNREAD_COUNTED = 1000;

/** One person's inbox, in their zone: their tasks, their information and the header's count. */
export async function readInbox(
  db: DbOrTx,
  user: { id: string; timeZone: string },
  now: Date = new Date(),
): Promise<Inbox> {
  const [openCount, tasks, information, unreadKeys] = await Promise.all([
    countOpenTasks(db, user.id),
    readTasks(db, user.id, now),
    readInformation(db, user, now),
    unreadInformationKeys(db, user),
  ]);
  return { count: openCount + unreadKeys, tasks, information };
}

async function countOpenTasks(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), OPEN));
  return row?.count ?? 0;
}

async function readTasks(db: DbOrTx, userId: string, now: Date): Promise<TaskItem[]> {
  const columns = {
    notification: notifications,
    doneByName: users.name,
  };
  const mine = and(eq(notifications.userId, userId), eq(notifications.needsAction, true));
  const [open, done] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.doneBy))
      .where(and(eq(notifications.userId, userId), OPEN))
      .orderBy(notifications.createdAt, notifications.id)
      .limit(OPEN_TASKS_SHOWN),
    db
      .select(columns)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.doneBy))
      .where(
        and(
          mine,
          isNotNull(notifications.doneAt),
          gte(notifications.doneAt, new Date(now.getTime() - DONE_TASKS_DAYS * 86_400_000)),
        ),
      )
      .orderBy(desc(notifications.doneAt), desc(notifications.id))
      .limit(DONE_TASKS_SHOWN),
  ]);
  return [...open, ...done].map(({ notification: row, doneByName }) => ({
    id: row.id,
    kind: row.kind,
    message: row.message,
    href: hrefOf(row.objectType, row.objectId),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    done: row.doneAt
      ? { at: row.doneAt.toISOString(), how: row.doneHow ?? "Done", by: row.doneBy ? doneByName : null }
      : null,
  }));
}

async function readInformation(
  db: DbOrTx,
  user: { id: string; timeZone: string },
  now: Date,
): Promise<InfoItem[]> {
  const rows = await db
    .select({
      notification: {
        id: notifications.id,
        kind: notifications.kind,
        objectType: notifications.objectType,
        objectId: notifications.objectId,
        message: notifications.message,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      },
      invoiceCreatedAt: invoices.createdAt,
    })
    .from(notifications)
    .leftJoin(invoices, and(eq(notifications.objectType, "invoice"), eq(invoices.id, notifications.objectId)))
    .where(and(eq(notifications.userId, user.id), not(notifications.needsAction)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(INFORMATION_READ);
  const items = groupInformation(
    rows.map(({ notification: row, invoiceCreatedAt }) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      href: hrefOf(row.objectType, row.objectId),
      createdAt: row.createdAt,
      read: row.readAt !== null,
      objectCreatedAt: invoiceCreatedAt,
    })),
    user.timeZone,
    now,
  );
  // Read to the edge: the oldest group may have more members beyond it.
  const whole = rows.length === INFORMATION_READ ? items.slice(0, -1) : items;
  return whole.slice(0, INFORMATION_SHOWN);
}

/** How many lines of information are unread, a group counted once. */
async function unreadInformationKeys(db: DbOrTx, user: { id: string; timeZone: string }): Promise<number> {
  const rows = await db
    .select({ id: notifications.id, kind: notifications.kind, createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(eq(notifications.userId, user.id), isNull(notifications.readAt), not(notifications.needsAction)),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(UNREAD_COUNTED);
  return new Set(rows.map((row) => groupKeyOf(row, user.timeZone))).size;
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

/** Marks a whole group read: this person's notifications of the kind on that day of theirs. */
export async function markGroupRead(
  db: DbOrTx,
  user: { id: string; timeZone: string },
  group: { kind: string; day: string },
): Promise<number> {
  const next = daysBefore(group.day, -1);
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.kind, group.kind),
        isNull(notifications.readAt),
        gte(notifications.createdAt, startOfDayIn(group.day, user.timeZone)),
        lt(notifications.createdAt, startOfDayIn(next, user.timeZone)),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
