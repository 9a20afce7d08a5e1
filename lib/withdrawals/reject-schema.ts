import { z } from "zod";
import { safeText } from "@/lib/validation/text";

/** The reject dialog's form; the action adds the withdrawal's id. */
export const rejectFormSchema = z.object({
  reason: safeText().trim().min(3, "Say why it is rejected (at least 3 characters).").max(500),
});

export const rejectWithdrawalSchema = rejectFormSchema.extend({ id: z.uuid() });
