"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "@/lib/auth/define-action";
import { RuleError } from "@/lib/auth/rule-error";
import { appMailConfig } from "./app-mail";
import { mailIdentitySchema, setMailIdentity, getMailIdentity } from "./identity";
import { queueInvoiceMail } from "./invoice-mail";
import { mailAddressSchema } from "./mail-address";

const NOT_SET_UP =
  "Email is not set up: an admin sets SMTP_URL and MAIL_FROM (see the README's Email section).";

/** "Email the payment link" / "Ask for the rest by email" on an invoice's page. */
export const emailInvoiceAction = defineAction({
  permission: "invoices:create",
  schema: z.object({
    invoiceId: z.uuid(),
    kind: z.enum(["payment_link", "ask_for_rest"]),
    to: mailAddressSchema,
  }),
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

/** Settings → Email: the business name, reply-to address and footer of customer email. */
export const saveMailIdentityAction = defineAction({
  permission: "settings:manage",
  schema: mailIdentitySchema,
  handler: async (identity, { db, user, actor }) => {
    await db.transaction(async (tx) => {
      const before = await getMailIdentity(tx, "");
      await setMailIdentity(tx, identity, user.id);
      await recordAudit(tx, actor, {
        action: "settings.changed",
        object: { type: "settings", id: "mail_identity" },
        before: { ...before },
        after: { ...identity },
      });
    });
    revalidatePath("/admin/settings");
    return { message: "Saved. Customer email uses these from now on." };
  },
});
