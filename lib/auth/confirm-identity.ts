import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import type { Db } from "@/lib/db/types";
import { loginLimiter } from "./app-login-limiter";
import { identityRefusal } from "./fresh-identity";
import { IDENTITY_FIELD } from "./fresh-identity-words";
import { describeWait, type LoginLimiter } from "./login-rate-limit";
import { verifyPassword } from "./password";
import { RuleError } from "./rule-error";
import { passwordCounts } from "./sso/break-glass";
import { recordIdentityConfirmation } from "./sessions";
import { findUserById } from "./user-lookup";

export const WRONG_PASSWORD = "That is not your password.";

/**
 * "Confirm your password": the person types their password again, and this session alone (never
 * another of theirs) counts as having proved who they are, now (fresh-identity.ts). Each attempt
 * counts against the sign-in limit of their email and address, as a sign-in does, so a copied
 * session cookie is no way round that limit to guess the password; a wrong one is audited as a
 * failed sign-in is. Someone without a password is told how to confirm instead.
 */
export async function confirmIdentity(
  db: Db,
  who: { userId: string; sessionId: string; actor: AuditActor },
  password: string,
  options: { limiter?: LoginLimiter; now?: Date } = {},
): Promise<{ confirmedAt: Date }> {
  const user = await findUserById(db, who.userId);
  if (!user) throw new RuleError("Your account no longer exists.");
  if (!user.passwordHash) throw identityRefusal({ hasPassword: false, sso: user.ssoSubject !== null });
  // Single sign-on required: only a fresh sign-in with the company's provider proves who they are.
  if (!(await passwordCounts(db, user))) throw identityRefusal({ hasPassword: false, sso: true });
  const session = { session: who.sessionId };

  const limiter = options.limiter ?? (await loginLimiter());
  const address = who.actor.clientAddress ?? "unknown";
  const attempt = await limiter.attempt(user.email, address);
  if (!attempt.allowed) {
    await recordAudit(db, who.actor, {
      action: "auth.locked_out",
      object: { type: "user", id: user.id },
      after: session,
      note: "Too many wrong passwords, confirming it was them.",
    });
    throw new RuleError(
      `Too many wrong passwords. Try again in ${describeWait(attempt.retryAfterSeconds)}.`,
      {
        field: IDENTITY_FIELD,
      },
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordAudit(db, who.actor, {
      action: "auth.identity_confirm_failed",
      object: { type: "user", id: user.id },
      after: session,
      note: "Wrong password.",
    });
    throw new RuleError(WRONG_PASSWORD, { field: IDENTITY_FIELD });
  }
  await limiter.succeeded(user.email, address);

  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    if (!(await recordIdentityConfirmation(tx, who, now)))
      throw new RuleError("Your session has ended. Sign in again.");
    await recordAudit(tx, who.actor, {
      action: "auth.identity_confirmed",
      object: { type: "user", id: user.id },
      after: session,
      note: "With their password.",
    });
  });
  return { confirmedAt: now };
}
