import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings, SSO_SECOND_FACTOR_KEY } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

const valueSchema = z.object({ counts: z.boolean() });

/**
 * Whether the merchant counts a single sign-on as a second factor (Settings; changed through
 * lib/users/sso-second-factor-change.ts): then it confirms the session's second factor at
 * sign-in, as a code would, for PAYDESK_STEP_UP_MINUTES. Off unless two admins turned it on:
 * Paydesk then asks for its own code or passkey at step-up.
 */
export async function ssoCountsAsSecondFactor(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SSO_SECOND_FACTOR_KEY));
  const parsed = valueSchema.safeParse(row?.value);
  return parsed.success && parsed.data.counts;
}
