import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { notificationMutes, notifications } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { MUTABLE_KINDS, type MutableKind } from "./mutable-kinds";

/** Of these people, those who did not mute this kind: the others are not told of it. */
export async function withoutThoseWhoMuted(
  db: DbOrTx,
  userIds: readonly string[],
  kind: string,
): Promise<readonly string[]> {
  if (userIds.length === 0 || !(MUTABLE_KINDS as readonly string[]).includes(kind)) return userIds;
  const muted = await db
    .select({ userId: notificationMutes.userId })
    .from(notificationMutes)
    .where(and(eq(notificationMutes.kind, kind), inArray(notificationMutes.userId, [...userIds])));
  const mutedIds = new Set(muted.map((row) => row.userId));
  return userIds.filter((id) => !mutedIds.has(id));
}

/** The kinds this person muted. */
export async function mutedKindsOf(db: DbOrTx, userId: string): Promise<MutableKind[]> {
  const rows = await db
    .select({ kind: notificationMutes.kind })
    .from(notificationMutes)
    .where(eq(notificationMutes.userId, userId));
  return rows
    .map((row) => row.kind)
    .filter((kind): kind is MutableKind => MUTABLE_KINDS.includes(kind as MutableKind));
}

/**
 * Mutes a kind for one person (or hears it again). Muting also reads what of that kind is still
 * unread: the person said they do not want it, so it stops counting at once.
 */
export async function setMuted(db: DbOrTx, userId: string, kind: MutableKind, muted: boolean): Promise<void> {
  if (!muted) {
    await db
      .delete(notificationMutes)
      .where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.kind, kind)));
    return;
  }
  await db.insert(notificationMutes).values({ userId, kind }).onConflictDoNothing();
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), isNull(notifications.readAt)));
}
