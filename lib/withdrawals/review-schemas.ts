import { z } from "zod";
import { cryptoAmountIssue } from "@/lib/currencies/amount-rules";
import { decimalAmountSchema } from "@/lib/service/schemas";
import { safeText } from "@/lib/validation/text";

/**
 * The record-paid dialog's fields: what the service's back office shows (the amount paid out and
 * its transaction) and a note of what was checked. The amount's decimals depend on the coin, so
 * the form's schema is made for the payout's coin (recordPaidFormSchema); the action parses these
 * fields, then the proposal is checked again with the payout's own coin on the server.
 */
const recordPaidFields = {
  amount: decimalAmountSchema.max(40, "An amount has at most 40 characters."),
  txid: safeText()
    .trim()
    .min(4, "Copy the payout's transaction id (hash) from the service's back office.")
    .max(255, "A transaction id has at most 255 characters."),
  note: safeText()
    .trim()
    .min(3, "Say what you checked in the service's back office (at least 3 characters).")
    .max(500, "Keep the note under 500 characters."),
};

/** The form for a payout in `currency`: its amount has at most the coin's decimals. */
export function recordPaidFormSchema(currency: string) {
  return z.object(recordPaidFields).superRefine((form, ctx) => {
    const issue = cryptoAmountIssue(form.amount, currency);
    if (issue) ctx.addIssue({ code: "custom", path: ["amount"], message: issue });
  });
}

export type RecordPaidForm = z.output<ReturnType<typeof recordPaidFormSchema>>;
export type RecordPaidFormValues = z.input<ReturnType<typeof recordPaidFormSchema>>;

export const proposePaidSchema = z.object({ id: z.uuid(), ...recordPaidFields });
