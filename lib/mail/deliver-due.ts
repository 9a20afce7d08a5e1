import "server-only";
import { and, eq, isNull, lt, inArray } from "drizzle-orm";
import { outbox, outboxAttempts, type OutboxMessage } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { ACCOUNT_LINK_MAIL_KIND } from "./account-link-mail";
import { claimDueMail } from "./claim-due";
import type { NamedAddress } from "./mail-address";
import { SmtpFailure, type MailTransport, type SmtpReply } from "./smtp-transport";

export interface DeliveryReport {
  claimed: number;
  sent: number;
  /** Tried and failed, to be tried again after a wait. */
  retrying: number;
  /** Given up: refused for good, or still failing when its time ran out. */
  failed: number;
  /** Not sent: no longer worth sending (reasonNotToSend). */
  cancelled: number;
  /** The last failure of the SMTP server itself this round (not a refusal of one message). */
  serverFailure?: SmtpFailure;
}

export interface DeliveryOptions {
  transport: MailTransport;
  from: NamedAddress;
  /** Why a claimed message should not leave after all; null to send it. */
  reasonNotToSend: (db: Db, message: OutboxMessage) => Promise<string | null>;
  limit: number;
  now?: () => Date;
}

/** The first wait after a failed try; it doubles with each try, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 60_000;
const MAX_WAIT_MS = 60 * 60_000;

export function waitAfterTry(attempts: number): number {
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * One round of the outbox: claims the due messages and hands each to the SMTP server. A 2xx
 * reply is sent; a 5xx is a refusal for good (failed); anything else (4xx, no answer) waits a
 * growing time and is tried again, until its give-up time, when it is marked failed. Every try
 * is recorded with the server's reply code.
 */
export async function deliverDueMail(db: Db, options: DeliveryOptions): Promise<DeliveryReport> {
  const now = options.now ?? (() => new Date());
  const claimed = await claimDueMail(db, options.limit, now());
  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  for (const message of claimed) {
    const reason = await options.reasonNotToSend(db, message);
    if (reason) {
      await settle(db, message, { state: "cancelled", cancelReason: reason });
      report.cancelled++;
      continue;
    }
    let reply: SmtpReply;
    try {
      reply = await options.transport.send({
        from: options.from,
        to: { name: message.toName ?? "", address: message.toAddress },
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.textBody ?? "",
        html: message.htmlBody ?? "",
        headers: message.headers,
      });
    } catch (error) {
      const failure = error instanceof SmtpFailure ? error : new SmtpFailure(null, String(error));
      const at = now();
      const attempts = message.attempts + 1;
      const nextAttemptAt = new Date(at.getTime() + waitAfterTry(attempts));
      const givingUp = failure.permanent || nextAttemptAt > message.giveUpAt;
      await db.transaction(async (tx) => {
        await tx
          .update(outbox)
          .set({
            state: givingUp ? "failed" : "queued",
            attempts,
            nextAttemptAt: givingUp ? message.nextAttemptAt : nextAttemptAt,
            leaseUntil: null,
            lastError: failure.message.slice(0, 500),
          })
          .where(and(eq(outbox.id, message.id), eq(outbox.state, "sending")));
        await tx.insert(outboxAttempts).values({
          outboxId: message.id,
          at,
          replyCode: failure.replyCode,
          reply: failure.message.slice(0, 500),
          outcome: givingUp ? "failed" : "retry",
        });
      });
      report[givingUp ? "failed" : "retrying"]++;
      if (!failure.messageRefused) report.serverFailure = failure;
      continue;
    }
    const at = now();
    await db.transaction(async (tx) => {
      // A message carrying a credential (a one-time link) is not kept once the server has it.
      const clear =
        message.kind === ACCOUNT_LINK_MAIL_KIND
          ? { textBody: null, htmlBody: null, bodiesClearedAt: at }
          : {};
      await tx
        .update(outbox)
        .set({
          state: "sent",
          sentAt: at,
          attempts: message.attempts + 1,
          leaseUntil: null,
          lastError: null,
          ...clear,
        })
        .where(and(eq(outbox.id, message.id), eq(outbox.state, "sending")));
      await tx.insert(outboxAttempts).values({
        outboxId: message.id,
        at,
        replyCode: reply.replyCode,
        reply: reply.reply,
        outcome: "sent",
      });
    });
    report.sent++;
  }
  return report;
}

async function settle(db: Db, message: OutboxMessage, change: { state: "cancelled"; cancelReason: string }) {
  await db
    .update(outbox)
    .set({ ...change, leaseUntil: null })
    .where(and(eq(outbox.id, message.id), eq(outbox.state, "sending")));
}

/** How long a message's bodies are kept; the row (to, subject, state, tries) stays. */
export const KEEP_BODIES_MS = 30 * 86_400_000;

/** Clears the bodies of messages settled more than 30 days ago; answers how many. */
export async function clearOldBodies(db: Db, now = new Date()): Promise<number> {
  const cleared = await db
    .update(outbox)
    .set({ textBody: null, htmlBody: null, bodiesClearedAt: now })
    .where(
      and(
        lt(outbox.createdAt, new Date(now.getTime() - KEEP_BODIES_MS)),
        isNull(outbox.bodiesClearedAt),
        inArray(outbox.state, ["sent", "failed", "cancelled"]),
      ),
    )
    .returning({ id: outbox.id });
  return cleared.length;
}
