"use client";

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
import { TwoFactorResetButton } from "@/components/two-factor/two-factor-reset-button";
import { changeRoleAction, setUserDisabledAction } from "@/lib/users/actions";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
  twoFactor: boolean;
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
          <TableHead>Two-factor</TableHead>
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

  function changeRole(role: Role) {
    startTransition(async () => {
      const result = await changeRoleAction({ userId: user.id, role });
      if (result.ok) toast.success(`${user.email} is now ${ROLE_LABELS[role]}.`);
      else toast.error(result.message);
      router.refresh();
    });
  }

  async function toggleDisabled(): Promise<boolean> {
    const result = await setUserDisabledAction({ userId: user.id, disabled: !user.disabled });
    if (!result.ok) {
      toast.error(result.message);
      return false;
    }
    toast.success(
      user.disabled ? `${user.email} can sign in again.` : `${user.email} is disabled and signed out.`,
    );
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
        {user.email}
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
        {user.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
      </TableCell>
      <TableCell label="Two-factor">
        <TwoFactorResetButton user={user} enrolled={user.twoFactor} isCurrentUser={isSelf} />
      </TableCell>
      <TableCell label="Access" className="text-right">
        <ConfirmDialog
          trigger={
            <Button variant={user.disabled ? "secondary" : "danger"} size="sm">
              {user.disabled ? "Enable" : "Disable"}
            </Button>
          }
          title={user.disabled ? `Enable ${user.email}?` : `Disable ${user.email}?`}
          description={
            user.disabled
              ? "They will be able to sign in again with their password."
              : "They are signed out at their next click and cannot sign in until enabled again."
          }
          confirmLabel={user.disabled ? "Enable" : "Disable"}
          tone={user.disabled ? "primary" : "danger"}
          onConfirm={toggleDisabled}
        />
      </TableCell>
    </TableRow>
  );
}
