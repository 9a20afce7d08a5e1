"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { refundFormSchema } from "./form-schema";
import { requestRefund } from "./request-refund";

export const requestRefundAction = defineAction({
  permission: "withdrawals:request",
  schema: refundFormSchema,
  handler: async (form, { db, user }) => {
    const created = await requestRefund(db, form, user.id);
    revalidatePath("/withdrawals");
    revalidatePath(`/invoices/${form.refundOfInvoiceId}`);
    return { id: created.id };
  },
});
