import "server-only";
import { z } from "zod";
import { outbox } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { headerTextSchema, mailAddressSchema } from "./mail-address";

/** How long Paydesk keeps trying to hand a message over before marking it failed. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** The only extra headers a message may carry (RFC 8058 one-click unsubscribe). */
const EXTRA_HEADERS = ["List-Unsubscribe", "List-Unsubscribe-Post"] as const;

const mailSchema = z.object({
  kind: z.string().min(1).max(64),
  to: z.object({
    address: mailAddressSchema,
    name: headerTextSchema("A recipient's name", 100).optional(),
  }),
  subject: headerTextSchema("A subject", 200).min(1),
  text: z.string().max(100_000),
  html: z.string().max(300_000),
  replyTo: mailAddressSchema.optional(),
  headers: z.partialRecord(z.enum(EXTRA_HEADERS), headerTextSchema("A header", 2_000)).optional(),
  invoiceId: z.uuid().optional(),
  userId: z.uuid().optional(),
  requestedBy: z.uuid().optional(),
  dedupeKey: z.string().max(200).optional(),
});

export type MailToQueue = z.input<typeof mailSchema>;

/**
 * Puts a message in the outbox, in the caller's transaction: it leaves only if the event that
 * caused it commits, and the loop sends it (never the request). Refuses (throws) what could break
 * a header: callers check what people typed with the same schemas first. Answers the row's id, or
 * null when a message with the same dedupe key is queued already.
 */
export async function enqueueMail(db: DbOrTx, mail: MailToQueue, now = new Date()): Promise<string | null> {
  const valid = mailSchema.parse(mail);
  const [row] = await db
    .insert(outbox)
    .values({
      kind: valid.kind,
      toAddress: valid.to.address,
      toName: valid.to.name || null,
      subject: valid.subject,
      textBody: valid.text,
      htmlBody: valid.html,
      replyTo: valid.replyTo ?? null,
      headers: valid.headers ?? {},
      invoiceId: valid.invoiceId ?? null,
      userId: valid.userId ?? null,
      requestedBy: valid.requestedBy ?? null,
      dedupeKey: valid.dedupeKey ?? null,
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS),
      createdAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}
