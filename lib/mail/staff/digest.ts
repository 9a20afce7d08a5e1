import "server-only";
import { and, asc, count, eq, exists, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { mailPreferences, notifications, users } from "@/lib/db/schema";
import type { Db, DbOrTx } from "@/lib/db/types";
import { formatDateTime } from "@/lib/display/time";
import { serverEnv } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-url";
import { appMailConfig } from "../app-mail";
import { enqueueMail } from "../enqueue";
import { renderMail } from "../render";
import { STAFF_MAIL_CATEGORIES, isStaffMailCategory } from "./categories";
import { lastDigestMoment } from "./digest-schedule";
import { objectUrl } from "./object-url";
import { unsubscribeUrl } from "./unsubscribe-token";

/** A digest lists this many notifications, then says how many more wait in Paydesk. */
const LISTED = 50;
/** A first digest (or one after a long pause) covers at most the day before it. */
const LONGEST_WINDOW_MS = 24 * 3_600_000;

/**
 * Queues each daily digest that is due: for every person with a category in "daily digest" whose
 * chosen time (in their zone) has come since their last one, one email listing the notifications
 * of those categories since then. Nothing is sent for a day without any, but the day counts as
 * done. Each person is claimed with SKIP LOCKED and the email has a key per person and day, so
 * two instances never send a digest twice. Answers how many were queued.
 */
export async function queueDueDigests(db: Db, limit: number, now = new Date()): Promise<number> {
  const mail = appMailConfig();
  const secret = serverEnv().NEXTAUTH_SECRET;
  if (!mail || !secret) return 0;
  const people = await db
    .select({
      id: users.id,
      timeZone: users.timeZone,
      digestTime: users.mailDigestTime,
      sentAt: users.mailDigestSentAt,
    })
    .from(users)
    .where(
      and(
        isNull(users.disabledAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(mailPreferences)
            .where(and(eq(mailPreferences.userId, users.id), eq(mailPreferences.mode, "digest"))),
        ),
      ),
    );
  const due = people
    .map((person) => ({
      ...person,
      dueAt: lastDigestMoment(now, person.digestTime, person.timeZone ?? "UTC"),
    }))
    .filter((person) => person.sentAt === null || person.sentAt < person.dueAt)
    .slice(0, limit);
  let queued = 0;
  for (const person of due) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, person.id),
            or(isNull(users.mailDigestSentAt), lt(users.mailDigestSentAt, person.dueAt)),
          ),
        )
        .for("update", { skipLocked: true });
      if (!claimed) return false;
      const queuedOne = await queueDigest(tx, person.id, person.dueAt, person.sentAt, now, secret);
      await tx.update(users).set({ mailDigestSentAt: now }).where(eq(users.id, person.id));
      return queuedOne;
    });
    if (sent) queued++;
  }
  return queued;
}

async function queueDigest(
  tx: DbOrTx,
  userId: string,
  dueAt: Date,
  lastSentAt: Date | null,
  now: Date,
  secret: string,
): Promise<boolean> {
  const categories = (
    await tx
      .select({ category: mailPreferences.category })
      .from(mailPreferences)
      .where(and(eq(mailPreferences.userId, userId), eq(mailPreferences.mode, "digest")))
  )
    .map((row) => row.category)
    .filter(isStaffMailCategory);
  if (categories.length === 0) return false;
  const earliest = new Date(dueAt.getTime() - LONGEST_WINDOW_MS);
  const since = lastSentAt && lastSentAt > earliest ? lastSentAt : earliest;
  const inWindow = and(
    eq(notifications.userId, userId),
    inArray(notifications.mailCategory, categories),
    gt(notifications.createdAt, since),
    lte(notifications.createdAt, now),
  );
  const listed = await tx
    .select()
    .from(notifications)
    .where(inWindow)
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(LISTED);
  if (listed.length === 0) return false;
  const [{ total = listed.length } = {}] = await tx
    .select({ total: count() })
    .from(notifications)
    .where(inWindow);
  const [person] = await tx
    .select({
      email: users.email,
      name: users.name,
      timeZone: users.timeZone,
      digestTime: users.mailDigestTime,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return false;

  const zone = person.timeZone ?? "UTC";
  const base = publicBaseUrl();
  const unsubscribe = unsubscribeUrl(base, secret, userId, "digest");
  const what = total === 1 ? "1 notification" : `${total} notifications`;
  const more = total - listed.length;
  const rendered = renderMail(
    {
      heading: `Your Paydesk digest: ${what}`,
      paragraphs: [
        `Since ${formatDateTime(since, zone)}:`,
        ...(more > 0 ? [`The ${LISTED} oldest are listed; ${more} more wait in Paydesk.`] : []),
      ],
      items: listed.map((notification) => ({
        text: notification.message,
        url: objectUrl(base, { type: notification.objectType, id: notification.objectId }),
        note: formatDateTime(notification.createdAt, zone),
      })),
      action: { label: "Open Paydesk", url: new URL("/", base).toString() },
      footer: [
        `You get this digest every day at ${person.digestTime} (${zone}) because you chose a daily digest for: ${categories
          .map((category) => `"${STAFF_MAIL_CATEGORIES[category]}"`)
          .join(", ")}. Change it under Account → Email in Paydesk.`,
      ],
      unsubscribeUrl: unsubscribe,
    },
    [`${base}/`],
  );
  await enqueueMail(tx, {
    kind: "staff_digest",
    to: { address: person.email, name: person.name },
    subject: `Your Paydesk digest: ${what}`,
    ...rendered,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    userId,
    dedupeKey: `digest:${userId}:${dueAt.toISOString()}`,
  });
  return true;
}
