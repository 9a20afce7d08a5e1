import "server-only";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { notifications, users, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/**
 * The notifications that ask their reader to act: they stay under "Needs you" until the task is
 * done, by them or anyone else, and then say who did it. Every other kind only informs.
 */
export const TASK_KINDS = [
  "withdrawal.awaiting_approval",
  "withdrawal.needs_review",
  "withdrawal.conflict",
  "withdrawal.failed",
  "withdrawal.service_failed",
  "withdrawal.unknown",
  "withdrawal.close_proposed",
  "withdrawal.paid_proposed",
  "change.proposed",
] as const;

export function isTaskKind(kind: string): boolean {
  return (TASK_KINDS as readonly string[]).includes(kind);
}

/**
 * The object moved on: its open tasks are done for everyone they were sent to, except one of
 * `stillOpen` (the kind its new state asks for, if any). Done counts as read.
 */
export async function completeTasks(
  db: DbOrTx,
  object: { type: NotificationObjectType; id: string },
  doneBy: string,
  stillOpen?: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({ doneAt: new Date(), doneBy, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(
        eq(notifications.objectType, object.type),
        eq(notifications.objectId, object.id),
        inArray(notifications.kind, [...TASK_KINDS]),
        isNull(notifications.doneAt),
        stillOpen ? ne(notifications.kind, stillOpen) : undefined,
      ),
    );
}

/** Who did a task, as a reader of the inbox knows them: a person's name, the service, or Paydesk. */
export async function doerName(
  db: DbOrTx,
  actorId: string | null | undefined,
  source: "user" | "loop" | "webhook",
): Promise<string> {
  if (actorId) {
    const [person] = await db.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    if (person) return person.name;
  }
  return source === "webhook" ? "the payment service" : "Paydesk";
}
