"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { browserOrigin } from "@/lib/browser-origin";
import { waitsForAnotherAdmin } from "@/lib/changes/describe";
import type { ProposedChange } from "@/lib/changes/store";
import { ssoForPages } from "@/lib/auth/sso/config";
import { handOverLink, publicBaseUrl } from "./account-link-url";
import {
  changeRoleSchema,
  createUserSchema,
  endUserSessionsSchema,
  renewInvitationSchema,
  resetPasswordSchema,
  resetTwoFactorSchema,
  setUserDisabledSchema,
} from "./schemas";
import { resetUserPassword, resetUserTwoFactor } from "./resets";
import { addUser, changeRole, renewInvitation, ROLE_WHILE_PENDING, setDisabled } from "./user-changes";
import { endUserSessions } from "./end-user-sessions";

const USERS_PATH = "/admin/users";

/** The proposer is told who was asked to approve it, not left to find another admin. */
const waits = (pending: ProposedChange) =>
  `It waits for a second admin. ${waitsForAnotherAdmin(pending.notified)}`;

export const createUserAction = defineAction({
  permission: "users:manage",
  schema: createUserSchema,
  handler: async (input, { db, user, actor }) => {
    const { user: created, pending, link } = await addUser(db, { ...actor, userId: user.id }, input);
    revalidatePath(USERS_PATH, "layout");
    return {
      id: created.id,
      email: created.email,
      message: pending
        ? `User ${created.email} created as ${ROLE_LABELS[ROLE_WHILE_PENDING]}. The ${ROLE_LABELS[input.role]} role applies once a second admin approves it. ${waitsForAnotherAdmin(pending.notified)}`
        : `User ${created.email} created.${link ? "" : ` They sign in with ${ssoForPages()?.name ?? "single sign-on"}: there is no link to pass on.`}`,
      link: link ? handOverLink(link, created, publicBaseUrl(await browserOrigin())) : null,
    };
  },
});

export const renewInvitationAction = defineAction({
  permission: "users:manage",
  schema: renewInvitationSchema,
  handler: async ({ userId }, { db, user, actor }) => {
    const { user: target, link } = await renewInvitation(db, { ...actor, userId: user.id }, userId);
    revalidatePath(USERS_PATH, "layout");
    return {
      message: `A new invitation link for ${target.email}: the one before no longer works.`,
      link: handOverLink(link, target, publicBaseUrl(await browserOrigin())),
    };
  },
});

export const resetPasswordAction = defineAction({
  permission: "users:manage",
  schema: resetPasswordSchema,
  handler: async ({ userId }, { db, user, actor }) => {
    const {
      user: target,
      link,
      pending,
    } = await resetUserPassword(db, { ...actor, userId: user.id }, userId);
    revalidatePath(USERS_PATH, "layout");
    if (!link) {
      return {
        pending: true,
        message: `Resetting the password of ${target.email} was proposed. ${pending ? waits(pending) : ""} The approving admin is given their new link.`,
      };
    }
    return {
      pending: false,
      message: `The password of ${target.email} is reset and they are signed out everywhere. Give them their new link.`,
      link: handOverLink(link, target, publicBaseUrl(await browserOrigin())),
    };
  },
});

export const changeRoleAction = defineAction({
  permission: "users:manage",
  schema: changeRoleSchema,
  handler: async ({ userId, role, reason }, { db, user, actor }) => {
    const { user: target, pending } = await changeRole(
      db,
      { ...actor, userId: user.id },
      userId,
      role,
      reason,
    );
    revalidatePath(USERS_PATH, "layout");
    return {
      userId,
      role,
      pending: Boolean(pending),
      message: pending
        ? `Making ${target.email} ${ROLE_LABELS[role]} was proposed. ${waits(pending)}`
        : `${target.email} is now ${ROLE_LABELS[role]}: they sign in again under it.`,
    };
  },
});

export const setUserDisabledAction = defineAction({
  permission: "users:manage",
  schema: setUserDisabledSchema,
  handler: async ({ userId, disabled }, { db, user, actor }) => {
    const {
      user: target,
      pending,
      link,
    } = await setDisabled(db, { ...actor, userId: user.id }, userId, disabled);
    revalidatePath(USERS_PATH, "layout");
    if (link) {
      return {
        userId,
        disabled,
        pending: false,
        message: `${target.email} is enabled. They have no password yet: give them their new link (it was emailed to them too, when mail is set up).`,
        link: handOverLink(link, target, publicBaseUrl(await browserOrigin())),
      };
    }
    return {
      userId,
      disabled,
      pending: Boolean(pending),
      message: pending
        ? `Enabling ${target.email} was proposed. ${waits(pending)}`
        : disabled
          ? `${target.email} is disabled and signed out.`
          : `${target.email} can sign in again.`,
    };
  },
});

export const resetTwoFactorAction = defineAction({
  permission: "users:manage",
  schema: resetTwoFactorSchema,
  handler: async ({ userId }, { db, user, actor }) => {
    const { user: target, pending } = await resetUserTwoFactor(db, { ...actor, userId: user.id }, userId);
    revalidatePath(USERS_PATH, "layout");
    return {
      userId,
      pending: Boolean(pending),
      message: pending
        ? `Resetting the two-factor sign-in of ${target.email} was proposed. ${waits(pending)}`
        : `The two-factor sign-in of ${target.email} is reset (authenticator app, passkeys and recovery codes): they sign in with their password and enroll again.`,
    };
  },
});

export const endUserSessionsAction = defineAction({
  permission: "users:manage",
  schema: endUserSessionsSchema,
  handler: async (target, { db, user, sessionId, actor }) => {
    const ended = await endUserSessions(db, { ...actor, userId: user.id, sessionId }, target);
    revalidatePath(USERS_PATH, "layout");
    return { message: ended === 1 ? "1 session ended." : `${ended} sessions ended.` };
  },
});
