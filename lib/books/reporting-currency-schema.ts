import { z } from "zod";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";

/** Settings → Reporting currency: the fiat currency payouts in crypto are valued in. */
export const reportingCurrencySchema = z.object({
  currency: z.enum(FIAT_CURRENCIES, "Choose a currency."),
});
export type ReportingCurrencyValues = z.input<typeof reportingCurrencySchema>;
