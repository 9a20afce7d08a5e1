import { z } from "zod";
import { mailAddressSchema } from "@/lib/mail/mail-address";

/** The invoice page's Email card, in the browser and in emailInvoiceAction alike. */
export const emailInvoiceSchema = z.object({
  invoiceId: z.uuid(),
  kind: z.enum(["payment_link", "ask_for_rest"]),
  to: mailAddressSchema,
});

export type EmailInvoiceForm = z.input<typeof emailInvoiceSchema>;
