import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { decimalAmountSchema } from "@/lib/service/schemas";

export const thresholdFormSchema = z
  .object({
    enabled: z.boolean(),
    amount: safeText().trim(),
    fiatCurrency: z.enum(FIAT_CURRENCIES, "Choose a currency."),
  })
  .superRefine((form, ctx) => {
    if (!form.enabled) return;
    const parsed = decimalAmountSchema.safeParse(form.amount);
    if (!parsed.success)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: parsed.error.issues[0]?.message ?? "Enter an amount.",
      });
  });

export type ThresholdFormValues = z.input<typeof thresholdFormSchema>;
