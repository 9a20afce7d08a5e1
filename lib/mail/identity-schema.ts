import { z } from "zod";
import { headerTextSchema, mailAddressSchema } from "./mail-address";

/** Settings → Email, in the browser's form and saveMailIdentityAction alike. */
export const mailIdentitySchema = z.object({
  businessName: headerTextSchema("The business name", 100)
    .trim()
    .min(1, "Enter the name customers know you by."),
  replyTo: z.literal("").or(mailAddressSchema),
  footer: z
    .string()
    .max(500, "The footer has at most 500 characters.")
    .refine(
      (value) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value),
      "The footer cannot hold control characters.",
    ),
});

export type MailIdentityForm = z.input<typeof mailIdentitySchema>;
