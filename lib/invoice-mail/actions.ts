"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { RuleError } from "@/lib/auth/rule-error";
import { appMailConfig } from "@/lib/mail/app-mail";
import { emailInvoiceSchema } from "./email-form-schema";
import { queueInvoiceMail } from "./invoice-mail";

const NOT_SET_UP =
  "Email is not set up: an admin sets SMTP_URL and MAIL_FROM (see the README's Email section).";

/** "Email the payment link" / "Ask for the rest by email" on an invoice's page. */
export const emailInvoiceAction = defineAction({
  permission: "invoices:create",
  schema: emailInvoiceSchema,
  handler: async ({ invoiceId, kind, to }, { db, user, actor }) => {
    const mail = appMailConfig();
    if (!mail) throw new RuleError(NOT_SET_UP);
    await db.transaction((tx) =>
      queueInvoiceMail(tx, mail, { invoiceId, kind, to, requestedBy: user.id, actor }),
    );
    revalidatePath(`/invoices/${invoiceId}`);
    return { message: `Queued for ${to}: Paydesk sends it within a few seconds.` };
  },
});
