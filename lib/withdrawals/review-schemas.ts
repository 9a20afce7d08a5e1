import { z } from "zod";
import { safeText } from "@/lib/validation/text";

/** The record-paid dialog's form: the transaction reference the service's back office shows. */
export const recordPaidFormSchema = z.object({
  txid: safeText()
    .trim()
    .min(4, "Copy the payout's transaction reference (hash) from the service's back office.")
    .max(255, "A transaction reference has at most 255 characters."),
});

export const recordPaidSchema = recordPaidFormSchema.extend({ id: z.uuid() });
