import { z } from "zod";
import { safeText } from "@/lib/validation/text";

/** The close dialog's form; the action adds the withdrawal's id. */
export const closeFormSchema = z.object({
  reason: safeText()
    .trim()
    .min(3, "Say what you checked with the service and why it is closed (at least 3 characters).")
    .max(500),
});

export const closeWithdrawalSchema = closeFormSchema.extend({ id: z.uuid() });
