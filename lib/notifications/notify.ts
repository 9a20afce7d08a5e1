import "server-only";
import { notifications, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { StaffMailCategory } from "@/lib/mail/staff/categories";
import { queueStaffMail } from "@/lib/mail/staff/queue-staff-mail";
import { withoutThoseWhoMuted } from "./mutes";

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
  /**
   * It asks its readers to act: a task under "Needs you", open until one of them (or anyone)
   * does it (tasks.ts). Without it: information, read or unread.
   */
  needsAction?: boolean;
}

/** Writes one event for each person, once; pass the transaction of the change it reports. */
export async function notify(
  db: DbOrTx,
  userIds: readonly string[],
  event: NotificationEvent,
): Promise<void> {
  const recipients = event.needsAction ? userIds : await withoutThoseWhoMuted(db, userIds, event.kind);
  if (recipients.length === 0) return;
  await db
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        kind: event.kind,
        objectType: event.object.type,
        objectId: event.object.id,
        message: event.message.slice(0, 500),
        dedupeKey: event.dedupeKey,
        mailCategory: event.mailCategory ?? null,
        needsAction: event.needsAction ?? false,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] });
  if (event.mailCategory) {
    await queueStaffMail(db, recipients, { ...event, category: event.mailCategory });
  }
}
