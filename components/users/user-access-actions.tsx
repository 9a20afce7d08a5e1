"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";
import { showOneTimeLink } from "@/components/account-links/one-time-link";
import type { ActionResult } from "@/lib/auth/action-result";
import { ROLE_LABELS } from "@/lib/auth/roles";
import type { HandedOverLink } from "@/lib/users/account-link-url";
import {
  renewInvitationAction,
  resetPasswordAction,
  resetTwoFactorAction,
  setUserDisabledAction,
} from "@/lib/users/actions";
import type { UserRow } from "./user-row";

/**
 * What an admin does to someone's access, each after a confirmation that says what happens:
 * their sessions, a new invitation link, a password or two-factor reset, disabling or enabling.
 * Nobody is offered to disable, or reset, their own account (the server refuses disabling it too).
 */
export function UserAccessActions({
  user,
  isSelf,
  showSessions = true,
}: {
  user: UserRow;
  isSelf: boolean;
  showSessions?: boolean;
}) {
  const router = useRouter();
  // Finance and admin decide who may pay: enabling them or resetting their two-factor waits for a
  // second admin (the server decides; this only words the confirmation).
  const gated = user.role === "finance" || user.role === "admin";
  const password = user.password;
  // Never chose a password (an invitation, live or expired): a new link is all they need. After a
  // reset, a new link is another reset (for finance and admin, with a second admin).
  const invited = !password.set && password.link?.kind !== "password_reset";

  async function run(
    action: () => Promise<ActionResult<{ message: string; link?: HandedOverLink }>>,
  ): Promise<boolean> {
    const result = await action();
    if (!result.ok) {
      showOutcome(failed(result.message));
      return false;
    }
    showOutcome(succeeded(result.data.message));
    if (result.data.link) showOneTimeLink(result.data.link);
    router.refresh();
    return true;
  }

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {showSessions ? (
        <Button asChild variant="secondary" size="sm">
          <Link href={`/admin/users/${user.id}/sessions`} aria-label={`Sessions of ${user.email}`}>
            Sessions
          </Link>
        </Button>
      ) : null}
      {invited && !user.disabled ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" aria-label={`New link for ${user.email}`}>
              New link
            </Button>
          }
          title={`A new invitation link for ${user.email}?`}
          description="The link they have now stops working. You are shown the new one once, to send them."
          confirmLabel="Make a new link"
          onConfirm={() => run(() => renewInvitationAction({ userId: user.id }))}
        />
      ) : null}
      {!invited && !isSelf && !user.disabled ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" aria-label={`Reset password of ${user.email}`}>
              Reset password
            </Button>
          }
          title={`Reset the password of ${user.email}?`}
          description={
            gated
              ? `They are ${ROLE_LABELS[user.role]}: the reset waits for a second admin's approval. Then their password stops working, they are signed out everywhere, and the approving admin is shown a one-time link for them to choose a new one.`
              : "Their password stops working at once and they are signed out everywhere. You are shown a one-time link, once, for them to choose a new one."
          }
          confirmLabel="Reset password"
          tone="danger"
          onConfirm={() => run(() => resetPasswordAction({ userId: user.id }))}
        />
      ) : null}
      {user.twoFactor && !isSelf ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" aria-label={`Reset two-factor of ${user.email}`}>
              Reset two-factor
            </Button>
          }
          title={`Reset the two-factor sign-in of ${user.email}?`}
          description={
            gated
              ? `They are ${ROLE_LABELS[user.role]}: the reset waits for a second admin's approval. Then their authenticator app, passkeys and recovery codes stop working and they enroll again at their next sign-in.`
              : "Their authenticator app, passkeys and recovery codes stop working; they sign in with their password and can enroll again."
          }
          confirmLabel="Reset two-factor"
          tone="danger"
          onConfirm={() => run(() => resetTwoFactorAction({ userId: user.id }))}
        />
      ) : null}
      {isSelf ? null : (
        <ConfirmDialog
          trigger={
            <Button
              variant={user.disabled ? "secondary" : "danger"}
              size="sm"
              aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.email}`}
            >
              {user.disabled ? "Enable" : "Disable"}
            </Button>
          }
          title={user.disabled ? `Enable ${user.email}?` : `Disable ${user.email}?`}
          description={
            user.disabled
              ? gated
                ? `They are ${ROLE_LABELS[user.role]}: enabling them waits for a second admin's approval. Once approved, ${password.set ? "they can sign in again with their password." : "they get a new link to choose their password, emailed to them, and the approving admin is shown it once."}`
                : password.set
                  ? "They will be able to sign in again with their password."
                  : "They have no password yet: they get a new link to choose one, emailed to them, and you are shown it once."
              : "They are signed out at their next click and cannot sign in until enabled again."
          }
          confirmLabel={user.disabled ? "Enable" : "Disable"}
          tone={user.disabled ? "primary" : "danger"}
          onConfirm={() => run(() => setUserDisabledAction({ userId: user.id, disabled: !user.disabled }))}
        />
      )}
    </div>
  );
}
