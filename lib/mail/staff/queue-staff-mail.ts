import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { mailPreferences, users, type NotificationObjectType } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-url";
import { appMailConfig } from "../app-mail";
import { enqueueMail } from "../enqueue";
import { renderMail } from "../render";
import { STAFF_MAIL_CATEGORIES, type StaffMailCategory } from "./categories";
import { objectUrl } from "./object-url";
import { unsubscribeUrl } from "./unsubscribe-token";

export interface StaffMailEvent {
  category: StaffMailCategory;
  object: { type: NotificationObjectType; id: string };
  message: string;
  dedupeKey: string;
}

/**
 * The email beside a notification, for each of `userIds` who chose this category "at once":
 * written in the notification's transaction (so it leaves only if the event commits), once per
 * person and event. It says what the notification says and links to the object in Paydesk;
 * nothing more (no amounts beyond the notification's words, no internal ids but the link's).
 */
export async function queueStaffMail(
  db: DbOrTx,
  userIds: readonly string[],
  event: StaffMailEvent,
): Promise<void> {
  const mail = appMailConfig();
  const secret = serverEnv().NEXTAUTH_SECRET;
  if (!mail || !secret || userIds.length === 0) return;
  const recipients = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(mailPreferences)
    .innerJoin(users, eq(users.id, mailPreferences.userId))
    .where(
      and(
        inArray(mailPreferences.userId, [...userIds]),
        eq(mailPreferences.category, event.category),
        eq(mailPreferences.mode, "immediate"),
        isNull(users.disabledAt),
      ),
    );
  const base = publicBaseUrl();
  for (const person of recipients) {
    const link = objectUrl(base, event.object);
    const unsubscribe = unsubscribeUrl(base, secret, person.id, event.category);
    const rendered = renderMail(
      {
        heading: event.message,
        paragraphs: [`Open it in Paydesk to see the details and act on it.`],
        action: { label: "Open in Paydesk", url: link },
        footer: [
          `You get this email because you chose "${STAFF_MAIL_CATEGORIES[event.category]}" under Account → Email in Paydesk.`,
        ],
        unsubscribeUrl: unsubscribe,
      },
      [`${base}/`],
    );
    await enqueueMail(db, {
      kind: "staff_notification",
      to: { address: person.email, name: person.name },
      subject: event.message.length > 150 ? `${event.message.slice(0, 147)}…` : event.message,
      ...rendered,
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      userId: person.id,
      dedupeKey: `staff:${person.id}:${event.dedupeKey}`,
    });
  }
}
