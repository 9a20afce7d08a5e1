import { z } from "zod";
import { checkWithdrawalForm, withdrawalFields } from "@/lib/withdrawals/form-schema";

/** The withdrawal request form, linked to the invoice it refunds. */
export const refundFormSchema = z
  .object({ ...withdrawalFields, refundOfInvoiceId: z.uuid("Open the refund from its invoice.") })
  .superRefine(checkWithdrawalForm);

export type ValidRefundForm = z.output<typeof refundFormSchema>;
