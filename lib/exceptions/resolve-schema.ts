import { z } from "zod";
import { safeText } from "@/lib/validation/text";

/** Accept as paid and Mark resolved: the invoice and a note saying why, both required. */
export const resolveExceptionSchema = z.object({
  invoiceId: z.uuid(),
  note: safeText()
    .trim()
    .min(3, "Say how this was settled (at least 3 characters).")
    .max(500, "Keep the note under 500 characters."),
});

export type ResolveExceptionInput = z.input<typeof resolveExceptionSchema>;
