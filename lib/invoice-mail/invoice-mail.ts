import "server-only";
import { and, count, eq, gt } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { invoices, outbox, type Invoice } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { formatDateTime } from "@/lib/display/time";
import { asInvoiceStatus } from "@/lib/invoices/status";
import { enqueueMail } from "@/lib/mail/enqueue";
import { getMailIdentity } from "@/lib/mail/identity";
import { invoiceMailContent } from "./invoice-mail-content";
import type { CustomerMailKind } from "./kinds";
import type { MailConfig } from "@/lib/mail/mail-config";
import { renderMail } from "@/lib/mail/render";

/** At most this many emails about one invoice in any 24 hours, whoever asks. */
export const MAX_MAIL_PER_INVOICE_PER_DAY = 5;
const DAY_MS = 86_400_000;

export interface InvoiceMailRequest {
  invoiceId: string;
  kind: CustomerMailKind;
  to: string;
  /** The staff member who asked; null for the reminder loop. */
  requestedBy: string | null;
  actor: AuditActor;
  now?: Date;
}

/**
 * Queues an email to a customer about an invoice, in the caller's transaction: the invoice's row
 * is locked so that the limit per day holds when two people send at once; it must still be
 * something to pay (or, for "ask for the rest", underpaid and waiting), and the loop checks again
 * when it sends. Audited. Answers the outbox row's id.
 */
export async function queueInvoiceMail(
  tx: Tx,
  mail: MailConfig,
  request: InvoiceMailRequest,
): Promise<string> {
  const now = request.now ?? new Date();
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, request.invoiceId)).for("update");
  if (!invoice) throw new RuleError("That invoice does not exist.");
  const problem = whyNotMailable(invoice, request.kind, now);
  if (problem) throw new RuleError(problem);
  const [sent] = await tx
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.invoiceId, invoice.id), gt(outbox.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((sent?.n ?? 0) >= MAX_MAIL_PER_INVOICE_PER_DAY) {
    throw new RuleError(
      `This invoice has had ${MAX_MAIL_PER_INVOICE_PER_DAY} emails in the last 24 hours, the most Paydesk sends: a customer who gets more stops reading them.`,
    );
  }
  const identity = await getMailIdentity(tx, mail.from.name);
  const { subject, content } = invoiceMailContent(
    request.kind,
    {
      orderId: invoice.orderId,
      amount: invoice.amount,
      fiatCurrency: invoice.fiatCurrency,
      payUrl: invoice.payUrl ?? "",
      expiresAt: invoice.expiresAt,
      currency: invoice.currency,
      network: invoice.network,
      remainingCryptoAmount: invoice.remainingCryptoAmount,
    },
    identity,
    now,
  );
  const rendered = renderMail(content, [invoice.payUrl ?? ""]);
  const id = await enqueueMail(
    tx,
    {
      kind: request.kind,
      to: { address: request.to },
      subject,
      ...rendered,
      replyTo: identity.replyTo ?? undefined,
      invoiceId: invoice.id,
      requestedBy: request.requestedBy ?? undefined,
      dedupeKey: request.kind === "payment_reminder" ? `reminder:${invoice.id}` : undefined,
    },
    now,
  );
  if (!id) throw new RuleError("This email is queued already.");
  await recordAudit(tx, request.actor, {
    action: "invoice.emailed",
    object: { type: "invoice", id: invoice.id },
    after: { kind: request.kind, to: request.to },
  });
  return id;
}

/** Why this invoice cannot be emailed about now, in words for the person; null when it can. */
export function whyNotMailable(invoice: Invoice, kind: CustomerMailKind, now: Date): string | null {
  if (!invoice.payUrl || invoice.creationState !== "created") {
    return "The service has not confirmed this invoice yet: there is no payment link to send.";
  }
  const status = asInvoiceStatus(invoice.status);
  if (kind === "ask_for_rest") {
    return status === "underpaid" && !invoice.isFinal
      ? null
      : "Only an underpaid invoice that still waits for the rest can ask for it.";
  }
  if (invoice.isFinal || status !== "open") return `This invoice is ${status}: there is nothing left to pay.`;
  if (invoice.expiresAt && invoice.expiresAt <= now) {
    return `This invoice expired at ${formatDateTime(invoice.expiresAt, "UTC")}: create a new one to ask for payment.`;
  }
  return null;
}
