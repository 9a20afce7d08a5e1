import "server-only";
import { readAccountHistory } from "@/lib/audit/account-history";
import { ROLE_LABELS, isRole } from "@/lib/auth/roles";
import { lockActiveAdminIds } from "@/lib/changes/admins";
import type { ChangeHandler, Facts } from "@/lib/changes/handler";
import { PAYLOADS, userBasis } from "@/lib/changes/payloads";
import { emailOf } from "@/lib/changes/store";
import type { PendingChange } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { eq } from "drizzle-orm";
import { isEnrolled, resetTwoFactor } from "@/lib/auth/two-factor/store";
import { users } from "@/lib/db/schema";
import { grantHoldReason, lookBackFrom } from "./grant-hold";
import { writeEnabled } from "./enable-user";
import { factsOf, lockUserOrThrow, writeRole } from "./manage-users";
import { writePasswordReset } from "./password-reset";

/**
 * How changes to a user (a role granted, an enabling, a two-factor or password reset) are checked
 * and applied once approved. An enabling or a password reset may make a one-time link: the
 * approver is handed it.
 */

function targetOf(change: PendingChange): string {
  if (!change.targetUserId) throw new Error(`change ${change.id} (${change.kind}) has no target user`);
  return change.targetUserId;
}

async function readUserFacts(tx: Tx, change: PendingChange): Promise<Facts | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(users.id, targetOf(change)))
    .for("update");
  return user ? factsOf(user) : null;
}

const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);

/** Why a change to a user no longer applies: they are gone, or not as they were when proposed. */
function userStaleReason(change: PendingChange, now: Facts | null): string | null {
  if (!now) return "the user no longer exists.";
  const then = userBasis.parse(change.basis);
  const current = userBasis.parse(now);
  if (then.role !== current.role) {
    return `their role changed from ${roleLabel(then.role)} to ${roleLabel(current.role)} since it was proposed.`;
  }
  if (then.disabled !== current.disabled) {
    return `they were ${current.disabled ? "disabled" : "enabled"} since it was proposed.`;
  }
  return null;
}

const onUser = (change: PendingChange) => ({ type: "user" as const, id: targetOf(change) });

export const grantRoleHandler: ChangeHandler = {
  object: onUser,
  readBasis: readUserFacts,
  staleReason: userStaleReason,
  async approvalHold(tx, change) {
    const { role } = PAYLOADS.grant_role.parse(change.payload);
    const userId = targetOf(change);
    const { events } = await readAccountHistory(tx, userId, lookBackFrom(change.proposedAt), {
      limit: null,
      onlyCredentials: true,
    });
    return grantHoldReason(
      {
        role,
        proposedBy: change.proposedBy,
        proposedAt: change.proposedAt,
        proposerEmail: await emailOf(tx, change.proposedBy),
        targetEmail: await emailOf(tx, userId),
      },
      events,
    );
  },
  async apply(tx, change) {
    const { role } = PAYLOADS.grant_role.parse(change.payload);
    return writeRole(tx, await lockActiveAdminIds(tx), targetOf(change), role);
  },
};

export const enableUserHandler: ChangeHandler = {
  object: onUser,
  readBasis: readUserFacts,
  staleReason: userStaleReason,
  async apply(tx, change, decidedBy) {
    const { before, after, link } = await writeEnabled(
      tx,
      await lockActiveAdminIds(tx),
      targetOf(change),
      decidedBy,
    );
    return link ? { before, after, oneTimeLink: link } : { before, after };
  },
};

export const resetTwoFactorHandler: ChangeHandler = {
  object: onUser,
  async readBasis(tx, change) {
    const facts = await readUserFacts(tx, change);
    return facts && { ...facts, twoFactor: await isEnrolled(tx, targetOf(change)) };
  },
  staleReason(change, now) {
    const reason = userStaleReason(change, now);
    if (reason || now?.twoFactor) return reason;
    return "they have no two-factor sign-in any more (it was reset already).";
  },
  async apply(tx, change) {
    const user = await lockUserOrThrow(tx, targetOf(change));
    await resetTwoFactor(tx, user.id);
    return { before: { ...factsOf(user), twoFactor: true }, after: { ...factsOf(user), twoFactor: false } };
  },
};

export const resetPasswordHandler: ChangeHandler = {
  object: onUser,
  readBasis: readUserFacts,
  staleReason: userStaleReason,
  async apply(tx, change, decidedBy) {
    const { before, after, link, sessionsEnded } = await writePasswordReset(tx, targetOf(change), decidedBy);
    return {
      before,
      after: { ...after, sessionsEnded, linkExpiresAt: link.expiresAt.toISOString() },
      oneTimeLink: link,
    };
  },
};
