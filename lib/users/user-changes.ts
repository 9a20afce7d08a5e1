import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { RuleError } from "@/lib/auth/rule-error";
import { lockActiveAdminIds } from "@/lib/changes/admins";
import { GATED_ROLES, type GatedRole } from "@/lib/changes/payloads";
import { proposeChange, userSubject, type ProposedChange } from "@/lib/changes/store";
import type { User } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { ssoForPages } from "@/lib/auth/sso/config";
import { queueSsoWelcomeMail } from "@/lib/mail/sso-welcome-mail";
import { issueAccountLink, latestLinkOf, type NewAccountLink } from "./account-links";
import { writeEnabled } from "./enable-user";
import {
  createUser,
  factsOf,
  lockUserOrThrow,
  writeDisabled,
  writeRole,
  type NewUserInput,
} from "./manage-users";

/**
 * What an admin does to users, with dual control: granting finance or admin, enabling a disabled
 * finance or admin user, and resetting a finance or admin user's two-factor or password only
 * propose the change (a second admin approves it under Pending changes); everything else applies
 * at once. Each writes one audit entry in the transaction of the change. No admin ever sets a
 * password: a new user, or one whose password was reset, chooses their own through a one-time
 * link, which the admin is given once to pass on.
 */

/** Until a second admin approves their role, a new finance or admin user is a viewer: they can
 * sign in and look, but neither request, approve nor configure anything. */
export const ROLE_WHILE_PENDING: Role = "viewer";

export const isGatedRole = (role: Role): role is GatedRole => (GATED_ROLES as readonly Role[]).includes(role);

export type Outcome = { user: User; pending: ProposedChange | null };
/** A change that made a one-time link: null when it waits for a second admin (who is given it). */
export type LinkOutcome = Outcome & { link: NewAccountLink | null };

/**
 * Creates the user with no password, and their invitation link; where single sign-on is
 * required, no link (nothing signs in with a password) but an email saying where to sign in.
 */
export async function addUser(
  db: Db,
  actor: AuditActor & { userId: string },
  input: Omit<NewUserInput, "password">,
): Promise<Outcome & { link: NewAccountLink | null }> {
  const sso = ssoForPages();
  return db.transaction(async (tx) => {
    await lockActiveAdminIds(tx);
    const gated = isGatedRole(input.role) ? input.role : null;
    const user = await createUser(tx, {
      email: input.email,
      name: input.name,
      role: gated ? ROLE_WHILE_PENDING : input.role,
    });
    const link = sso?.required
      ? null
      : await issueAccountLink(tx, { userId: user.id, kind: "invitation", createdBy: actor.userId });
    if (sso?.required) {
      await queueSsoWelcomeMail(tx, { to: { address: user.email, name: user.name }, providerName: sso.name });
    }
    const pending = gated
      ? await proposeChange(tx, {
          kind: "grant_role",
          subject: userSubject(user.id),
          targetUserId: user.id,
          payload: { role: gated },
          basis: factsOf(user),
          proposedBy: actor.userId,
        })
      : null;
    await recordAudit(tx, actor, {
      action: "user.created",
      object: { type: "user", id: user.id },
      after: {
        email: user.email,
        name: user.name,
        ...factsOf(user),
        ...(pending ? { pendingRole: gated, change: pending.id } : {}),
        ...(link ? { invitationExpiresAt: link.expiresAt.toISOString() } : {}),
      },
      note: [
        sso?.required
          ? `Invited: they sign in with ${sso.name}.`
          : "Invited: they choose their password through their one-time link.",
        pending ? `The ${ROLE_LABELS[gated as GatedRole]} role waits for a second admin's approval.` : null,
      ]
        .filter(Boolean)
        .join(" "),
    });
    return { user, pending, link };
  });
}

/**
 * A new invitation link for someone who has not chosen a password yet (theirs expired, or was
 * lost); the one before stops working. Once a person had a password, a new link is a password
 * reset (resetUserPassword), which for finance and admin waits for a second admin.
 */
export async function renewInvitation(
  db: Db,
  actor: AuditActor & { userId: string },
  userId: string,
): Promise<Outcome & { link: NewAccountLink }> {
  return db.transaction(async (tx) => {
    const target = await lockUserOrThrow(tx, userId);
    if (target.passwordHash !== null) {
      throw new RuleError(
        `${target.email} has chosen a password already. If they lost it, use Reset password. Reload the page.`,
      );
    }
    if ((await latestLinkOf(tx, userId))?.kind === "password_reset") {
      throw new RuleError(
        `The password of ${target.email} was reset: for a new link, use Reset password again.`,
      );
    }
    if (target.disabledAt) throw new RuleError(`${target.email} is disabled: enable them first.`);
    const sso = ssoForPages();
    if (sso?.required) {
      throw new RuleError(
        `Single sign-on is required: ${target.email} signs in with ${sso.name}, with no link.`,
      );
    }
    const link = await issueAccountLink(tx, { userId, kind: "invitation", createdBy: actor.userId });
    await recordAudit(tx, actor, {
      action: "user.invitation_renewed",
      object: { type: "user", id: userId },
      after: { invitationExpiresAt: link.expiresAt.toISOString() },
      note: "A new invitation link; the one before no longer works.",
    });
    return { user: target, pending: null, link };
  });
}

/**
 * Changes a user's role, with why (the actions require it; seeds and tests may leave it out): to
 * finance or admin it is proposed for a second admin, who reads the reason; to support or viewer
 * it applies now. The reason is the audit entry's note either way.
 */
export async function changeRole(
  db: Db,
  actor: AuditActor & { userId: string },
  userId: string,
  role: Role,
  reason: string | null = null,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    const target = await lockUserOrThrow(tx, userId);
    if (target.role === role) throw new RuleError(`${target.email} is ${ROLE_LABELS[role]} already.`);
    const why = reason ? ` Reason: ${reason}` : "";
    if (isGatedRole(role)) {
      const pending = await proposeChange(tx, {
        kind: "grant_role",
        subject: userSubject(userId),
        targetUserId: userId,
        payload: reason ? { role, reason } : { role },
        basis: factsOf(target),
        proposedBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: "change.proposed",
        object: { type: "user", id: userId },
        before: factsOf(target),
        after: { ...factsOf(target), role, change: pending.id },
        note: `Make ${target.email} ${ROLE_LABELS[role]}: waits for a second admin's approval.${why}`,
      });
      return { user: target, pending };
    }
    const { before, after } = await writeRole(tx, admins, userId, role);
    await recordAudit(tx, actor, {
      action: "user.role_changed",
      object: { type: "user", id: userId },
      before,
      after,
      note: reason,
    });
    return { user: { ...target, role }, pending: null };
  });
}

/**
 * Disables or enables a user. Enabling someone who still has no password makes them a new link
 * (enable-user.ts), handed to the admin once; enabling finance or admin waits for a second admin,
 * who is handed it instead.
 */
export async function setDisabled(
  db: Db,
  actor: AuditActor & { userId: string },
  userId: string,
  disabled: boolean,
): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    const target = await lockUserOrThrow(tx, userId);
    if (Boolean(target.disabledAt) === disabled) {
      throw new RuleError(`${target.email} is ${disabled ? "disabled" : "active"} already. Reload the page.`);
    }
    // Locking oneself out is never what an admin means; another admin can do it if it is.
    if (disabled && userId === actor.userId) {
      throw new RuleError("You cannot disable your own account. Another admin can, if it must be.");
    }
    if (!disabled && isGatedRole(target.role)) {
      const pending = await proposeChange(tx, {
        kind: "enable_user",
        subject: userSubject(userId),
        targetUserId: userId,
        payload: {},
        basis: factsOf(target),
        proposedBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: "change.proposed",
        object: { type: "user", id: userId },
        before: factsOf(target),
        after: { ...factsOf(target), disabled: false, change: pending.id },
        note: `Enable ${target.email} (${ROLE_LABELS[target.role]}) again: waits for a second admin's approval.`,
      });
      return { user: target, pending, link: null };
    }
    if (disabled) {
      const { before, after } = await writeDisabled(tx, admins, userId, true);
      await recordAudit(tx, actor, {
        action: "user.disabled",
        object: { type: "user", id: userId },
        before,
        after,
      });
      return { user: target, pending: null, link: null };
    }
    const { before, after, link } = await writeEnabled(tx, admins, userId, actor.userId);
    await recordAudit(tx, actor, {
      action: "user.enabled",
      object: { type: "user", id: userId },
      before,
      after,
      note: link
        ? `They have no password yet: a new ${link.kind === "invitation" ? "invitation" : "password reset"} link, as the one they had stopped working when they were disabled.`
        : null,
    });
    return { user: target, pending: null, link };
  });
}
