import "server-only";
import { and, eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { userSessions } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { codeLimiter } from "./app-login-limiter";
import type { CodeLimiter } from "./code-limiter";
import { describeWait } from "./login-rate-limit";
import { verifyAssertion } from "./passkeys/assertion";
import { currentRelyingParty } from "./passkeys/current-relying-party";
import { PASSKEY_REFUSALS } from "./passkeys/messages";
import { relyingPartyProblem, type RelyingParty } from "./passkeys/relying-party";
import type { AuthenticationResponseInput } from "./passkeys/schemas";
import { RuleError } from "./rule-error";
import { recordConfirmation } from "./sessions";
import { appSecretKey } from "./two-factor/app-key";
import { secondFactorsOf, spendSecondFactor } from "./two-factor/store";

export const STEP_UP_FIELD = "code";

/**
 * What a person gives to confirm their second factor: a code from the authenticator app (a bare
 * string, as the first callers passed it) or a passkey's answer to a confirmation prompt of this
 * session (passkeys/assertion.ts).
 */
export type StepUpProof = string | undefined | { code?: string; passkey?: AuthenticationResponseInput };

/**
 * Step-up before a sensitive action (approving a payout, removing a passkey): an enrolled user
 * whose session last confirmed its second factor more than PAYDESK_STEP_UP_MINUTES ago (10 by
 * default) must confirm it afresh, with a code from the app or with a passkey that verifies them.
 * The confirmation belongs to the session: a code or passkey given in another session (another
 * device, another sign-in) never counts for this one, and a passkey's answer counts only for the
 * session its prompt was issued to. Refuses with a RuleError on the `code` field; a right code is
 * used up (no replay), a passkey's challenge too, and either restarts this session's window. A
 * user without two-factor is not asked (outside demo mode, admin and finance cannot act before
 * enrolling). Recovery codes are for signing in, not for this. With `actor`, a confirmation given
 * here is audited.
 */
export async function requireFreshCode(
  tx: Tx,
  who: { userId: string; sessionId: string; actor?: AuditActor },
  proof: StepUpProof,
  options: {
    now?: Date;
    windowMinutes?: number;
    limiter?: CodeLimiter;
    secretKey?: Buffer;
    /** The site passkeys belong to; the request's when not given. */
    relyingParty?: RelyingParty | null;
  } = {},
): Promise<void> {
  const { userId, sessionId } = who;
  const now = options.now ?? new Date();
  const windowMinutes = options.windowMinutes ?? serverEnv().PAYDESK_STEP_UP_MINUTES;
  const factors = await secondFactorsOf(tx, userId);
  if (!factors.app && factors.passkeys === 0) return;
  const confirmedAt = (await sessionConfirmedAt(tx, who))?.getTime() ?? 0;
  if (windowMinutes > 0 && now.getTime() - confirmedAt < windowMinutes * 60_000) return;
  const { code, passkey } = typeof proof === "object" ? proof : { code: proof, passkey: undefined };

  if (passkey && factors.passkeys > 0) {
    const rp = options.relyingParty !== undefined ? options.relyingParty : await currentRelyingParty();
    const problem = relyingPartyProblem(rp);
    if (problem || !rp)
      throw new RuleError(problem ?? "Passkeys are not available.", { field: STEP_UP_FIELD });
    const verified = await verifyAssertion(
      tx,
      rp,
      { purpose: "confirm", userId, sessionId, response: passkey },
      now,
    );
    if (!verified.ok) throw new RuleError(PASSKEY_REFUSALS[verified.reason], { field: STEP_UP_FIELD });
    await confirmed(tx, who, now, `With the passkey “${verified.passkey.name}”.`);
    return;
  }
  if (!code || !factors.app) throw new RuleError(askFor(factors, windowMinutes), { field: STEP_UP_FIELD });

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
  await confirmed(tx, who, now, "With a code from the authenticator app.");
}

async function confirmed(
  tx: Tx,
  who: { userId: string; sessionId: string; actor?: AuditActor },
  now: Date,
  note: string,
) {
  await recordConfirmation(tx, who.sessionId, now);
  if (who.actor) {
    await recordAudit(tx, who.actor, {
      action: "auth.second_factor_confirmed",
      object: { type: "user", id: who.userId },
      after: { session: who.sessionId },
      note,
    });
  }
}

/** What to ask for, by the second factors the user has. */
function askFor(factors: { app: boolean; passkeys: number }, windowMinutes: number): string {
  const why =
    windowMinutes > 0
      ? `: this session's last confirmation is more than ${windowMinutes} minutes old.`
      : " to go on.";
  if (!factors.passkeys) {
    return windowMinutes > 0
      ? `Enter a fresh code from your authenticator app: your last one is more than ${windowMinutes} minutes old.`
      : "Enter a fresh code from your authenticator app to confirm.";
  }
  if (!factors.app) return `Confirm with your passkey${why}`;
  return `Confirm with a passkey, or enter a fresh code from your authenticator app${why}`;
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
