import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { decimalAmountSchema } from "@/lib/service/schemas";
import { fiatAmountIssue } from "@/lib/currencies/amount-rules";

export const thresholdFormSchema = z
  .object({
    enabled: z.boolean(),
    amount: safeText().trim(),
    fiatCurrency: z.enum(FIAT_CURRENCIES, "Choose a currency."),
  })
  .superRefine((form, ctx) => {
    if (!form.enabled) return;
    const parsed = decimalAmountSchema.safeParse(form.amount);
    const issue = parsed.success
      ? fiatAmountIssue(parsed.data, form.fiatCurrency)
      : (parsed.error.issues[0]?.message ?? "Enter an amount.");
    if (issue) ctx.addIssue({ code: "custom", path: ["amount"], message: issue });
  });

export type ThresholdFormValues = z.input<typeof thresholdFormSchema>;
