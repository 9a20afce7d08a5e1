"use server";

import { z } from "zod";
import { defineAction } from "@/lib/auth/define-action";
import { RuleError } from "@/lib/auth/rule-error";
import { recordAudit } from "@/lib/audit/record";
import { browserOrigin } from "@/lib/browser-origin";
import { getServiceClient } from "@/lib/service/app-client";
import { leaseCoveringCall } from "@/lib/service/call-lease";
import { recordInvoiceIntent, sendInvoice, type SendOutcome } from "./create-invoice";
import { invoiceFormSchema, SERVICE_FIELD_TO_FORM, toServiceInput } from "./form-schema";
import { refreshInvoice } from "./refresh-invoice";

const NOT_SENT =
  "Nothing is lost: the invoice is saved as not sent yet. Send it again and it keeps the same order id, so it can never be created twice.";

export const createInvoiceAction = defineAction({
  permission: "invoices:create",
  schema: invoiceFormSchema,
  handler: async (form, { db, user, actor }) => {
    const client = getServiceClient(await browserOrigin());
    const intent = await recordInvoiceIntent(db, toServiceInput(form), user.id, leaseCoveringCall(client), {
      customerEmail: form.customerEmail || null,
      remindMinutesBefore: form.remindMinutesBefore ? Number(form.remindMinutesBefore) : null,
    });
    const outcome = await sendInvoice(db, client, intent, user.id, (tx, invoice) =>
      recordAudit(tx, actor, {
        action: form.duplicateOf ? "invoice.duplicated" : "invoice.created",
        object: { type: "invoice", id: invoice.id },
        after: {
          orderId: form.orderId,
          amount: form.amount,
          fiatCurrency: form.fiatCurrency,
          ...(form.duplicateOf ? { duplicateOf: form.duplicateOf } : {}),
        },
      }),
    );
    return { invoiceId: throwIfNotSent(outcome) };
  },
});

export const resendInvoiceAction = defineAction({
  permission: "invoices:create",
  schema: z.object({ invoiceId: z.uuid() }),
  handler: async ({ invoiceId }, { db, user, actor }) => {
    const client = getServiceClient(await browserOrigin());
    const outcome = await sendInvoice(db, client, invoiceId, user.id, (tx, invoice) =>
      recordAudit(tx, actor, { action: "invoice.sent_again", object: { type: "invoice", id: invoice.id } }),
    );
    return { invoiceId: throwIfNotSent(outcome) };
  },
});

export const refreshInvoiceAction = defineAction({
  permission: "invoices:view",
  schema: z.object({ invoiceId: z.uuid() }),
  handler: async ({ invoiceId }, { db, user, actor }) => {
    const outcome = await refreshInvoice(db, getServiceClient(), invoiceId, "user", user.id);
    if (!outcome.ok) throw new RuleError(outcome.message);
    await recordAudit(db, actor, {
      action: "invoice.refreshed",
      object: { type: "invoice", id: invoiceId },
      after: { statusChanged: outcome.statusChanged, newTransactions: outcome.newTransactions },
    });
    return { statusChanged: outcome.statusChanged, newTransactions: outcome.newTransactions };
  },
});

function throwIfNotSent(outcome: SendOutcome): string {
  if (outcome.ok) return outcome.invoice.id;
  if (outcome.retryable) throw new RuleError(`${outcome.message} ${NOT_SENT}`);
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(outcome.fieldErrors)) {
    const formField = SERVICE_FIELD_TO_FORM[field.split(".")[0] ?? field] ?? field;
    (fieldErrors[formField] ??= []).push(...messages);
  }
  throw new RuleError(`The payment service refused this invoice: ${outcome.message}`, { fieldErrors });
}
