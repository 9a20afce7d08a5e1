"use client";

import Link from "next/link";
import { AuditLink } from "@/components/audit/audit-link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/select";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/roles";
import type { ChangeView } from "@/lib/change-review/queries";
import {
  changeRoleAction,
  renewInvitationAction,
  resetPasswordAction,
  resetTwoFactorAction,
  setUserDisabledAction,
} from "@/lib/users/actions";
import { ChangeActions } from "@/components/changes/detail/change-actions";
import { formatDateTime } from "@/lib/format";
import { showOneTimeLink } from "@/components/account-links/one-time-link";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Enrolled in two-factor sign-in. */
  twoFactor: boolean;
  /** Has a password; if not, the link to choose one (an invitation or a reset) and when it expires (ISO). */
  password:
    | { set: true }
    | {
        set: false;
        link: { kind: "invitation" | "password_reset"; expiresAt: string; expired: boolean } | null;
      };
  createdAt: string;
  /** A change to this user waiting for a second admin. */
  pendingChange: ChangeView | null;
}

export function UsersTable({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Access</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 ? <TableEmpty colSpan={5}>No users yet.</TableEmpty> : null}
        {users.map((user) => (
          <UserRowView key={user.id} user={user} isSelf={user.id === currentUserId} />
        ))}
      </TableBody>
    </Table>
  );
}

function UserRowView({ user, isSelf }: { user: UserRow; isSelf: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // Finance and admin decide who may pay: enabling them or resetting their two-factor waits for a
  // second admin (the server decides; this only words the confirmation).
  const gated = user.role === "finance" || user.role === "admin";

  function changeRole(role: Role) {
    startTransition(async () => {
      const result = await changeRoleAction({ userId: user.id, role });
      if (result.ok) toast.success(result.data.message);
      else toast.error(result.message);
      router.refresh();
    });
  }

  async function resetTwoFactor(): Promise<boolean> {
    const result = await resetTwoFactorAction({ userId: user.id });
    if (!result.ok) {
      toast.error(result.message);
      return false;
    }
    toast.success(result.data.message);
    router.refresh();
    return true;
  }

  async function resetPassword(): Promise<boolean> {
    const result = await resetPasswordAction({ userId: user.id });
    if (!result.ok) {
      toast.error(result.message);
      return false;
    }
    toast.success(result.data.message);
    if (result.data.link) showOneTimeLink(result.data.link);
    router.refresh();
    return true;
  }

  async function renewInvitation(): Promise<boolean> {
    const result = await renewInvitationAction({ userId: user.id });
    if (!result.ok) {
      toast.error(result.message);
      return false;
    }
    toast.success(result.data.message);
    showOneTimeLink(result.data.link);
    router.refresh();
    return true;
  }

  const password = user.password;
  // Never chose a password (an invitation, live or expired): a new link is all they need. After a
  // reset, a new link is another reset (for finance and admin, with a second admin).
  const invited = !password.set && password.link?.kind !== "password_reset";

  async function toggleDisabled(): Promise<boolean> {
    const result = await setUserDisabledAction({ userId: user.id, disabled: !user.disabled });
    if (!result.ok) {
      toast.error(result.message);
      return false;
    }
    toast.success(result.data.message);
    router.refresh();
    return true;
  }

  return (
    <TableRow data-testid={`user-row-${user.email}`}>
      <TableCell label="Name" className="font-medium">
        <span>
          {user.name}
          {isSelf ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
        </span>
      </TableCell>
      <TableCell label="Email" className="break-all">
        {user.email} <AuditLink objectType="user" objectId={user.id} />
      </TableCell>
      <TableCell label="Role">
        <Select
          aria-label={`Role of ${user.email}`}
          value={user.role}
          disabled={pending}
          onChange={(event) => changeRole(event.target.value as Role)}
          className="w-32"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </TableCell>
      <TableCell label="Status">
        <div className="grid justify-items-start gap-1">
          {user.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
          {user.twoFactor ? <Badge tone="info">Two-factor on</Badge> : null}
          {password.set ? null : <PasswordState password={password} />}
          {user.pendingChange ? (
            <div className="grid gap-1 text-xs" data-testid="pending-change">
              <span>
                <Badge tone="warning">Waiting for a second admin</Badge> {user.pendingChange.description}
              </span>
              <ChangeActions change={user.pendingChange} />
            </div>
          ) : null}
        </div>
      </TableCell>
      <TableCell label="Access" className="text-right">
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link href={`/admin/users/${user.id}/sessions`} aria-label={`Sessions of ${user.email}`}>
              Sessions
            </Link>
          </Button>
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
              onConfirm={renewInvitation}
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
              onConfirm={resetPassword}
            />
          ) : null}
          {user.twoFactor && !isSelf ? (
            <ConfirmDialog
              trigger={
                <Button variant="secondary" size="sm">
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
              onConfirm={resetTwoFactor}
            />
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant={user.disabled ? "secondary" : "danger"} size="sm">
                {user.disabled ? "Enable" : "Disable"}
              </Button>
            }
            title={user.disabled ? `Enable ${user.email}?` : `Disable ${user.email}?`}
            description={
              user.disabled
                ? gated
                  ? `They are ${ROLE_LABELS[user.role]}: enabling them waits for a second admin's approval. Once approved, they can sign in again with their password.`
                  : "They will be able to sign in again with their password."
                : "They are signed out at their next click and cannot sign in until enabled again."
            }
            confirmLabel={user.disabled ? "Enable" : "Disable"}
            tone={user.disabled ? "primary" : "danger"}
            onConfirm={toggleDisabled}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

function PasswordState({ password }: { password: Extract<UserRow["password"], { set: false }> }) {
  const link = password.link;
  const reset = link?.kind === "password_reset";
  if (!link || link.expired) {
    return (
      <Badge tone="danger">
        {reset ? "Reset link expired" : link ? "Invitation expired" : "No password"}
      </Badge>
    );
  }
  return (
    <span className="text-xs text-slate-600">
      <Badge tone="warning">{reset ? "Password reset" : "Invited"}</Badge> Link expires{" "}
      {formatDateTime(link.expiresAt)}
    </span>
  );
}
