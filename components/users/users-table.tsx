"use client";

import Link from "next/link";
import { AuditLink } from "@/components/audit/audit-link";
import { ChangeActions } from "@/components/changes/detail/change-actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { PasswordState } from "./password-state";
import { UserAccessActions } from "./user-access-actions";
import type { UserRow } from "./user-row";

export type { UserRow };

/**
 * Everyone who can sign in. Nothing here changes a role: each row links to the person's edit
 * view, where a role change takes a reason and a confirmation of what will happen.
 */
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
  return (
    <TableRow data-testid={`user-row-${user.email}`}>
      <TableCell label="Name" className="font-medium">
        <span>
          <Link href={`/admin/users/${user.id}`} className="hover:underline">
            {user.name}
          </Link>
          {isSelf ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
        </span>
      </TableCell>
      <TableCell label="Email">
        <span className="break-all">{user.email}</span>{" "}
        <span className="whitespace-nowrap">
          <AuditLink objectType="user" objectId={user.id} />
        </span>
      </TableCell>
      <TableCell label="Role">
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span data-testid="user-role">{ROLE_LABELS[user.role]}</span>
          <Button asChild variant="secondary" size="sm">
            <Link href={`/admin/users/${user.id}`} aria-label={`Edit ${user.email}`}>
              Edit
            </Link>
          </Button>
        </span>
      </TableCell>
      <TableCell label="Status">
        <div className="grid justify-items-start gap-1">
          {user.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
          {user.twoFactor ? <Badge tone="info">Two-factor on</Badge> : null}
          {user.password.set ? null : <PasswordState password={user.password} />}
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
        {/* On a phone each card would repeat a red Disable: the actions are on the person's page. */}
        <div className="hidden sm:block">
          <UserAccessActions user={user} isSelf={isSelf} />
        </div>
        <Link
          href={`/admin/users/${user.id}`}
          className="text-sm underline underline-offset-2 sm:hidden"
          aria-label={`Manage access of ${user.email}`}
        >
          Manage access
        </Link>
      </TableCell>
    </TableRow>
  );
}
