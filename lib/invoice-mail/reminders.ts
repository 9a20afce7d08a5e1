import "server-only";
import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { SYSTEM_ACTOR } from "@/lib/audit/record";
import { isRuleError } from "@/lib/auth/rule-error";
import { invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { MailConfig } from "@/lib/mail/mail-config";
import { queueInvoiceMail } from "./invoice-mail";

/** The reminder times the invoice form offers, in minutes before expiry. */
export const REMINDER_CHOICES = [30, 60, 120] as const;

/**
 * Queues the reminders that are due: invoices whose customer asked nothing yet, still open, with a
 * customer email and a reminder chosen, whose expiry is that close. Each is queued once (the
 * invoice remembers it), even when it cannot be sent (the limit reached): a reminder is a nudge,
 * not a duty. Answers how many were queued.
 */
export async function queueDueReminders(
  db: Db,
  mail: MailConfig,
  limit: number,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: invoices.id, to: invoices.customerEmail })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.remindMinutesBefore),
        isNull(invoices.reminderQueuedAt),
        isNotNull(invoices.customerEmail),
        eq(invoices.status, "open"),
        eq(invoices.isFinal, false),
        gt(invoices.expiresAt, now),
        lte(sql`${invoices.expiresAt} - make_interval(mins => ${invoices.remindMinutesBefore})`, now),
      ),
    )
    .limit(limit);
  let queued = 0;
  for (const invoice of due) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invoices)
        .set({ reminderQueuedAt: now })
        .where(and(eq(invoices.id, invoice.id), isNull(invoices.reminderQueuedAt)))
        .returning({ id: invoices.id });
      if (!claimed || !invoice.to) return;
      try {
        await tx.transaction((inner) =>
          queueInvoiceMail(inner, mail, {
            invoiceId: invoice.id,
            kind: "payment_reminder",
            to: invoice.to ?? "",
            requestedBy: null,
            actor: SYSTEM_ACTOR,
            now,
          }),
        );
        queued++;
      } catch (error) {
        // Not mailable after all, or its day's emails used up: the reminder is dropped, not retried.
        if (!isRuleError(error)) throw error;
      }
    });
  }
  return queued;
}
