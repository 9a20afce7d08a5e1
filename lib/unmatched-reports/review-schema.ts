import { z } from "zod";
import { safeText } from "@/lib/validation/text";

/** Looked into: the report and what the person found, both required. */
export const reviewUnmatchedSchema = z.object({
  reportId: z.uuid(),
  note: safeText()
    .trim()
    .min(3, "Say what you found at the service (at least 3 characters).")
    .max(500, "Keep the note under 500 characters."),
});

export type ReviewUnmatchedInput = z.input<typeof reviewUnmatchedSchema>;
