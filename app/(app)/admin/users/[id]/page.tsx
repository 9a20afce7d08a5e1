import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuditLink } from "@/components/audit/audit-link";
import { ChangeActions } from "@/components/changes/detail/change-actions";
import { DateTime } from "@/components/display/date-time";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import { PasswordState } from "@/components/users/password-state";
import { RoleChangeForm } from "@/components/users/role-change-form";
import { UserAccessActions } from "@/components/users/user-access-actions";
import { toUserRow } from "@/components/users/user-row";
import { requirePermission } from "@/lib/auth/guards";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { listChanges } from "@/lib/change-review/queries";
import { userSubject } from "@/lib/changes/store";
import { getDb } from "@/lib/db/client";
import { approversOf } from "@/lib/notifications/change-events";
import { findUserListItem } from "@/lib/users/queries";

export const metadata: Metadata = { title: "Edit user" };

/**
 * One person: who they are, the change waiting for them if any, their role (changed with a reason
 * and a confirmation of what will happen) and their access.
 */
export default async function EditUserPage({ params }: { params: Promise<{ id: string }> }) {
  const currentUser = await requirePermission("users:manage");
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const db = await getDb();
  const found = await findUserListItem(db, id);
  if (!found) notFound();
  const [[pendingChange], approvers] = await Promise.all([
    listChanges(db, currentUser.id, { state: "pending", subject: userSubject(id) }),
    approversOf(db, { proposedBy: currentUser.id, targetUserId: id }),
  ]);
  const user = toUserRow(found, pendingChange ?? null);
  const isSelf = user.id === currentUser.id;

  return (
    <div className="grid max-w-3xl min-w-0 gap-6">
      <div>
        <Link href="/admin/users" className="text-sm text-slate-600 underline">
          Users
        </Link>
        <h1 className="text-2xl font-semibold break-words" tabIndex={-1}>
          {user.name}
          {isSelf ? <span className="ml-2 text-base font-normal text-slate-500">(you)</span> : null}
        </h1>
        <p className="text-sm break-all text-slate-600">{user.email}</p>
      </div>

      <Card title="Account">
        <DetailList
          data-testid="user-facts"
          items={[
            { label: "Role", value: ROLE_LABELS[user.role] },
            {
              label: "Status",
              value: (
                <span className="flex flex-wrap gap-1">
                  {user.disabled ? (
                    <Badge tone="danger">Disabled</Badge>
                  ) : (
                    <Badge tone="success">Active</Badge>
                  )}
                  {user.twoFactor ? <Badge tone="info">Two-factor on</Badge> : null}
                </span>
              ),
            },
            {
              label: "Password",
              value: user.password.set ? "Chosen by them" : <PasswordState password={user.password} />,
            },
            { label: "Created", value: <DateTime value={user.createdAt} /> },
            { label: "History", value: <AuditLink objectType="user" objectId={user.id} /> },
          ]}
        />
      </Card>

      {user.pendingChange ? (
        <section
          className="grid gap-3 rounded-lg border border-amber-300 bg-white p-6"
          aria-label="Waiting for a second admin"
          data-testid="pending-change"
        >
          <h2 className="font-semibold">Waiting for a second admin</h2>
          <p className="text-sm">
            {user.pendingChange.description}, proposed by {user.pendingChange.proposedBy}.
            {user.pendingChange.reason ? ` Reason: ${user.pendingChange.reason}` : ""}
          </p>
          <ChangeActions change={user.pendingChange} />
        </section>
      ) : null}

      <Card title="Change role">
        <p className="text-sm text-slate-600">
          {isSelf
            ? "This is your own account: a role change signs you out, and Paydesk never leaves itself without an active admin."
            : `${user.name} is ${ROLE_LABELS[user.role]} now. Say why the role changes: the reason is kept in the audit log.`}
        </p>
        <RoleChangeForm
          // A new role (after a change applies) starts the form again from it.
          key={user.role}
          user={{ id: user.id, email: user.email, name: user.name, role: user.role }}
          isSelf={isSelf}
          approvers={approvers.length}
        />
      </Card>

      <Card title="Access">
        <p className="text-sm text-slate-600">
          {isSelf
            ? "Your own sign-in is under Account. Nobody disables their own account here: another admin can."
            : "Each step asks first and says what it does."}
        </p>
        <div className="flex">
          <UserAccessActions user={user} isSelf={isSelf} />
        </div>
      </Card>
    </div>
  );
}
