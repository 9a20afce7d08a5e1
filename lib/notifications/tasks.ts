import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { notifications, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/** As the partial indexes on open tasks say it, so that they serve these queries. */
export const OPEN = sql`${notifications.needsAction} and ${notifications.doneAt} is null`;

/** How a task was done: in words ("Approved"), and by whom (null: the service, Paydesk, nobody known). */
export interface TaskDone {
  how: string;
  by: string | null;
}

/**
 * The open tasks about one object (of these kinds, for these people; else all of them) are done:
 * for every person they asked, whoever did it. Answers how many were settled.
 */
export async function settleTasks(
  db: DbOrTx,
  object: { type: NotificationObjectType; id: string },
  done: TaskDone,
  only: { kinds?: readonly string[]; userIds?: readonly string[] } = {},
): Promise<number> {
  if (only.kinds?.length === 0 || only.userIds?.length === 0) return 0;
  const settled = await db
    .update(notifications)
    .set({ doneAt: new Date(), doneBy: done.by, doneHow: done.how.slice(0, 200) })
    .where(
      and(
        eq(notifications.objectType, object.type),
        eq(notifications.objectId, object.id),
        OPEN,
        only.kinds ? inArray(notifications.kind, [...only.kinds]) : undefined,
        only.userIds ? inArray(notifications.userId, [...only.userIds]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return settled.length;
}

/** The kinds of the tasks still open about one object (for deciding which of them no longer apply). */
export async function openTaskKinds(
  db: DbOrTx,
  object: { type: NotificationObjectType; id: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.objectType, object.type), eq(notifications.objectId, object.id), OPEN));
  return rows.map((row) => row.kind);
}
