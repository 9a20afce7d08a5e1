import "server-only";
import { and, eq } from "drizzle-orm";
import { userSessions } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { codeLimiter } from "./app-login-limiter";
import type { CodeLimiter } from "./code-limiter";
import { describeWait } from "./login-rate-limit";
import { RuleError } from "./rule-error";
import { recordConfirmation } from "./sessions";
import { appSecretKey } from "./two-factor/app-key";
import { twoFactorRow, spendSecondFactor } from "./two-factor/store";

export const STEP_UP_FIELD = "code";

/**
 * Step-up before a sensitive action (approving a payout): an enrolled user whose session last
 * confirmed its second factor more than PAYDESK_STEP_UP_MINUTES ago (10 by default) must give a
 * fresh code. The confirmation belongs to the session: a code given in another session (another
 * device, another sign-in) never counts for this one. Refuses with a RuleError on the `code`
 * field; a right code is used up (no replay) and restarts this session's window. A user without
 * two-factor is not asked (outside demo mode, admin and finance cannot act before enrolling).
 * Recovery codes are for signing in, not for this.
 */
export async function requireFreshCode(
  tx: Tx,
  who: { userId: string; sessionId: string },
  code: string | undefined,
  options: { now?: Date; windowMinutes?: number; limiter?: CodeLimiter; secretKey?: Buffer } = {},
): Promise<void> {
  const { userId, sessionId } = who;
  const now = options.now ?? new Date();
  const windowMinutes = options.windowMinutes ?? serverEnv().PAYDESK_STEP_UP_MINUTES;
  const row = await twoFactorRow(tx, userId);
  if (!row?.confirmedAt) return;
  const confirmedAt = (await sessionConfirmedAt(tx, who))?.getTime() ?? 0;
  if (windowMinutes > 0 && now.getTime() - confirmedAt < windowMinutes * 60_000) return;
  if (!code) {
    throw new RuleError(
      windowMinutes > 0
        ? `Enter a fresh code from your authenticator app: your last one is more than ${windowMinutes} minutes old.`
        : "Enter a fresh code from your authenticator app to confirm.",
      { field: STEP_UP_FIELD },
    );
  }
  const limiter = options.limiter ?? (await codeLimiter());
  const attempt = await limiter.attempt(userId);
  if (!attempt.allowed) {
    throw new RuleError(`Too many wrong codes. Try again in ${describeWait(attempt.retryAfterSeconds)}.`, {
      field: STEP_UP_FIELD,
    });
  }
  const verified = await spendSecondFactor(tx, options.secretKey ?? appSecretKey(), userId, code, now, {
    allowRecovery: false,
  });
  if (verified !== "totp") {
    throw new RuleError(
      "That code is not right (or was already used). Enter the current code from your authenticator app.",
      { field: STEP_UP_FIELD },
    );
  }
  await limiter.succeeded(userId);
  await recordConfirmation(tx, sessionId, now);
}

/** When this session last confirmed its second factor (null: not since it began without one). */
export async function sessionConfirmedAt(
  db: DbOrTx,
  who: { userId: string; sessionId: string },
): Promise<Date | null> {
  const [session] = await db
    .select({ confirmedAt: userSessions.confirmedAt })
    .from(userSessions)
    .where(and(eq(userSessions.id, who.sessionId), eq(userSessions.userId, who.userId)));
  return session?.confirmedAt ?? null;
}
