import "server-only";
import { notifications, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { StaffMailCategory } from "@/lib/mail/staff/categories";
import { queueStaffMail } from "@/lib/mail/staff/queue-staff-mail";

export interface NotificationEvent {
  kind: string;
  object: { type: NotificationObjectType; id: string };
  message: string;
  /** The same event delivered twice (a webhook and the loop) has the same key: one notification. */
  dedupeKey: string;
  /**
   * Also by email to whoever chose this category (Account → Email), at once or in their daily
   * digest; none: only inside Paydesk.
   */
  mailCategory?: StaffMailCategory;
}

/** Writes one event for each person, once; pass the transaction of the change it reports. */
export async function notify(
  db: DbOrTx,
  userIds: readonly string[],
  event: NotificationEvent,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        userId,
        kind: event.kind,
        objectType: event.object.type,
        objectId: event.object.id,
        message: event.message.slice(0, 500),
        dedupeKey: event.dedupeKey,
        mailCategory: event.mailCategory ?? null,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] });
  if (event.mailCategory) {
    await queueStaffMail(db, userIds, { ...event, category: event.mailCategory });
  }
}
