import { z } from "zod";
import { stepUpCodeSchema } from "@/lib/auth/credentials-schema";
import { authenticationResponseSchema } from "@/lib/auth/passkeys/schemas";

export const changeIdSchema = z.object({ id: z.uuid() });

/** Approving a change: its id, and a fresh second factor when the session's is too old (step-up). */
export const approveChangeSchema = changeIdSchema.extend({
  code: stepUpCodeSchema,
  passkey: authenticationResponseSchema.optional(),
});
