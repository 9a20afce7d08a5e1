import "server-only";
import { and, eq } from "drizzle-orm";
import type { AuditActor } from "@/lib/audit/record";
import { users, userSessions } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import type { CodeLimiter } from "./code-limiter";
import {
  CHOOSE_PASSWORD_FIRST_MESSAGE,
  CONFIRM_PASSWORD_MESSAGE,
  FRESH_IDENTITY_MINUTES,
  IDENTITY_FIELD,
  SIGN_IN_AGAIN_FIELD,
  SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE,
} from "./fresh-identity-words";
import type { RelyingParty } from "./passkeys/relying-party";
import { isRuleError, RuleError } from "./rule-error";
import { passwordCounts } from "./sso/break-glass";
import { requireFreshCode, STEP_UP_FIELD, type StepUpProof } from "./step-up";

export { FRESH_IDENTITY_MINUTES };

interface Who {
  userId: string;
  sessionId: string;
  actor?: AuditActor;
}

/**
 * Only the person who owns the account changes its second factors (issue 35): adding or removing a
 * passkey or the authenticator app, and showing or making recovery codes. A copied session cookie
 * has neither the password nor the second factor, so this session must have proved both within
 * the last FRESH_IDENTITY_MINUTES, whatever the role: first the person's identity (the password, or
 * a fresh company sign-in), then, when they have a second factor, that factor (step-up.ts, with the
 * same window). The password is asked first: the refusal on the `password` field opens the dialog
 * that asks for it, and only then does the code prompt make sense.
 */
export async function requireFreshIdentity(
  tx: Tx,
  who: Who,
  proof: StepUpProof,
  options: {
    now?: Date;
    limiter?: CodeLimiter;
    secretKey?: Buffer;
    relyingParty?: RelyingParty | null;
    /** Where the second factor's refusal lands when the action's own form has a `code` field. */
    secondFactorField?: string;
  } = {},
): Promise<void> {
  const { secondFactorField, ...stepUpOptions } = options;
  await requireRecentIdentity(tx, who, options.now);
  try {
    await requireFreshCode(tx, who, proof, { ...stepUpOptions, windowMinutes: FRESH_IDENTITY_MINUTES });
  } catch (error) {
    const message = isRuleError(error) ? error.fieldErrors?.[STEP_UP_FIELD]?.[0] : undefined;
    if (!secondFactorField || message === undefined) throw error;
    throw new RuleError(message, { field: secondFactorField });
  }
}

/**
 * The first half of requireFreshIdentity alone, for an action that takes its second factor itself
 * (turning the app off spends a code or a recovery code given with it).
 */
export async function requireRecentIdentity(db: DbOrTx, who: Who, now = new Date()): Promise<void> {
  const [row] = await db
    .select({
      identityConfirmedAt: userSessions.identityConfirmedAt,
      hasPassword: users.passwordHash,
      ssoSubject: users.ssoSubject,
      role: users.role,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.id, who.sessionId), eq(userSessions.userId, who.userId)));
  const confirmedAt = row?.identityConfirmedAt?.getTime();
  if (confirmedAt !== undefined && now.getTime() - confirmedAt < FRESH_IDENTITY_MINUTES * 60_000) return;
  if (!row) throw identityRefusal(null);
  const usable = row.hasPassword !== null && (await passwordCounts(db, { id: who.userId, role: row.role }));
  throw identityRefusal({ hasPassword: usable, sso: row.ssoSubject !== null || row.hasPassword !== null });
}

/** Why this session must prove who it is, on the field the password dialog opens on. */
export function identityRefusal(account: { hasPassword: boolean; sso: boolean } | null): RuleError {
  if (!account || account.hasPassword)
    return new RuleError(CONFIRM_PASSWORD_MESSAGE, { field: IDENTITY_FIELD });
  const message = account.sso ? SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE : CHOOSE_PASSWORD_FIRST_MESSAGE;
  return new RuleError(message, { field: IDENTITY_FIELD, fieldErrors: { [SIGN_IN_AGAIN_FIELD]: [message] } });
}
