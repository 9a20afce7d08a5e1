import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { isEnrolled, resetTwoFactor } from "@/lib/auth/two-factor/store";
import { RuleError } from "@/lib/auth/rule-error";
import { lockActiveAdminIds } from "@/lib/changes/admins";
import { proposeChange, userSubject } from "@/lib/changes/store";
import type { User } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { latestLinkOf } from "./account-links";
import { factsOf, lockUserOrThrow } from "./manage-users";
import { writePasswordReset } from "./password-reset";
import { isGatedRole, type LinkOutcome, type Outcome } from "./user-changes";

/**
 * An admin resets what lets someone sign in, when it is lost or may be known to someone else: their
 * password, or their second factors. Directly for support and viewer; for finance and admin, whose
 * sign-in guards who may pay, it waits for a second admin (dual control).
 */

/**
 * An admin resets someone's password (they lost it, or it may be known to someone else): it stops
 * working, every session of theirs ends, and a one-time link lets them choose another. For finance
 * and admin it waits for a second admin, who is then given the link. Never one's own: that is
 * changed under Password in one's account settings.
 */
export async function resetUserPassword(
  db: Db,
  actor: AuditActor & { userId: string },
  userId: string,
): Promise<LinkOutcome> {
  if (userId === actor.userId) {
    throw new RuleError(
      "To change your own password, use Password in your account settings. If you lost it, ask another admin to reset it.",
    );
  }
  return db.transaction(async (tx) => {
    await lockActiveAdminIds(tx);
    const target = await lockUserOrThrow(tx, userId);
    if (target.disabledAt) throw new RuleError(`${target.email} is disabled: enable them first.`);
    if (target.passwordHash === null && (await latestLinkOf(tx, userId))?.kind !== "password_reset") {
      throw new RuleError(
        `${target.email} has not chosen a password yet: give them a new invitation link instead (New link).`,
      );
    }
    if (isGatedRole(target.role)) {
      const before = { ...factsOf(target), password: target.passwordHash !== null };
      const pending = await proposeReset(tx, actor, target, {
        kind: "reset_password",
        basis: factsOf(target),
        before,
        after: { ...before, password: false },
        what: "password",
      });
      return { user: target, pending, link: null };
    }
    const { before, after, link, sessionsEnded } = await writePasswordReset(tx, userId, actor.userId);
    await recordAudit(tx, actor, {
      action: "user.password_reset",
      object: { type: "user", id: userId },
      before,
      after: { ...after, sessionsEnded, linkExpiresAt: link.expiresAt.toISOString() },
    });
    return { user: target, pending: null, link };
  });
}

/**
 * Removes a user's second factors, the authenticator app, passkeys and recovery codes (a lost
 * phone or passkey): they sign in with their password alone until they enroll again. For finance
 * and admin, whose second factor guards who may pay, it waits for a second admin.
 */
export async function resetUserTwoFactor(
  db: Db,
  actor: AuditActor & { userId: string },
  userId: string,
): Promise<Outcome> {
  if (userId === actor.userId) {
    throw new RuleError(
      "To change your own two-factor sign-in, use Two-factor sign-in in your account settings (a recovery code works there if you lost your phone). If you have neither, ask another admin to reset it.",
    );
  }
  return db.transaction(async (tx) => {
    await lockActiveAdminIds(tx);
    const target = await lockUserOrThrow(tx, userId);
    if (!(await isEnrolled(tx, userId))) {
      throw new RuleError(`${target.email} has no two-factor sign-in to reset. Reload the page.`);
    }
    const before = { ...factsOf(target), twoFactor: true };
    if (isGatedRole(target.role)) {
      const pending = await proposeReset(tx, actor, target, {
        kind: "reset_two_factor",
        basis: before,
        before,
        after: { ...before, twoFactor: false },
        what: "two-factor sign-in",
        detail: "authenticator app, passkeys and recovery codes",
      });
      return { user: target, pending };
    }
    await resetTwoFactor(tx, userId);
    await recordAudit(tx, actor, {
      action: "user.two_factor_reset",
      object: { type: "user", id: userId },
      before,
      after: { ...before, twoFactor: false },
    });
    return { user: target, pending: null };
  });
}

/**
 * A reset of a finance or admin user's password or second factors, proposed for a second admin's
 * approval (the reset itself is the change's handler, lib/users/change-handlers.ts), and audited.
 */
async function proposeReset(
  tx: Tx,
  actor: AuditActor & { userId: string },
  target: User,
  reset: {
    kind: "reset_password" | "reset_two_factor";
    basis: Record<string, unknown>;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    /** What is reset, and what that takes away, in the audit note. */
    what: string;
    detail?: string;
  },
) {
  const pending = await proposeChange(tx, {
    kind: reset.kind,
    subject: userSubject(target.id),
    targetUserId: target.id,
    payload: {},
    basis: reset.basis,
    proposedBy: actor.userId,
  });
  const role = ROLE_LABELS[target.role] + (reset.detail ? `; ${reset.detail}` : "");
  await recordAudit(tx, actor, {
    action: "change.proposed",
    object: { type: "user", id: target.id },
    before: reset.before,
    after: { ...reset.after, change: pending.id },
    note: `Reset the ${reset.what} of ${target.email} (${role}): waits for a second admin's approval.`,
  });
  return pending;
}
