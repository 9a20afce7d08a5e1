import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { loginLimiter } from "./app-login-limiter";
import { describeWait, type LoginLimiter } from "./login-rate-limit";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { ownWordsOf } from "./own-words";
import { passwordWeakness } from "./password-policy";
import { RuleError } from "./rule-error";
import { END_REASONS, endSessionsOf } from "./sessions";
import type { RelyingParty } from "./passkeys/relying-party";
import { requireFreshCode, type StepUpProof } from "./step-up";
import { findUserById } from "./user-lookup";

/**
 * A person changes their own password: the current one (each wrong one counts against the sign-in
 * limit of their email, so this is no way round it to guess), a new one as strong as the policy
 * asks, and a fresh second factor where they have one. Every other session of theirs ends; the
 * one they act from stays.
 */
export async function changeOwnPassword(
  db: Db,
  who: { userId: string; sessionId: string; actor: AuditActor },
  input: { currentPassword: string; password: string } & Exclude<StepUpProof, string | undefined>,
  options: { limiter?: LoginLimiter; relyingParty?: RelyingParty | null } = {},
): Promise<{ sessionsEnded: number }> {
  const user = await findUserById(db, who.userId);
  if (!user) throw new RuleError("Your account no longer exists.");
  const limiter = options.limiter ?? (await loginLimiter());
  const address = who.actor.clientAddress ?? "unknown";
  const attempt = await limiter.attempt(user.email, address);
  if (!attempt.allowed) {
    throw new RuleError(
      `Too many wrong passwords. Try again in ${describeWait(attempt.retryAfterSeconds)}.`,
      { field: "currentPassword" },
    );
  }
  const right = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.currentPassword)
    : await burnPasswordCheck(input.currentPassword);
  if (!right) throw new RuleError("That is not your current password.", { field: "currentPassword" });
  await limiter.succeeded(user.email, address);

  if (input.password === input.currentPassword) {
    throw new RuleError("That is your current password: choose a new one.", { field: "password" });
  }
  const weakness = await passwordWeakness(input.password, await ownWordsOf(db, user));
  if (weakness) throw new RuleError(weakness, { field: "password" });
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    await requireFreshCode(
      tx,
      { userId: user.id, sessionId: who.sessionId, actor: who.actor },
      { code: input.code, passkey: input.passkey },
      { relyingParty: options.relyingParty },
    );
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    const sessionsEnded = await endSessionsOf(tx, user.id, END_REASONS.passwordChanged, {
      except: who.sessionId,
      now,
    });
    await recordAudit(tx, who.actor, {
      action: "user.password_changed",
      object: { type: "user", id: user.id },
      after: { sessionsEnded },
      note: "Changed by its owner; every other session of theirs ended.",
    });
    return { sessionsEnded };
  });
}
