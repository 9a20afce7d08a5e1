import type { Metadata } from "next";
import Link from "next/link";
import { UsersTable } from "@/components/users/users-table";
import { toUserRow } from "@/components/users/user-row";
import { Button } from "@/components/ui/button";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { listChanges } from "@/lib/change-review/queries";
import { listUsers } from "@/lib/users/queries";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const currentUser = await requirePermission("users:manage");
  const db = await getDb();
  const [users, pending] = await Promise.all([
    listUsers(db),
    listChanges(db, currentUser.id, { state: "pending" }),
  ]);
  const pendingFor = new Map(pending.map((change) => [change.targetUserId, change]));
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Users</h1>
          <p className="text-sm text-slate-600">
            Who can sign in to Paydesk, and what their role lets them do. Open a person (Edit) to change their
            role, with a reason. Granting finance or admin, and enabling a disabled finance or admin user or
            resetting their password or two-factor, waits for a second admin. Nobody sets another
            person&apos;s password: new users choose theirs through a one-time invitation link.
          </p>
        </div>
        <Button asChild>
          <Link href="/admin/users/new">New user</Link>
        </Button>
      </div>
      <UsersTable
        currentUserId={currentUser.id}
        users={users.map((user) => toUserRow(user, pendingFor.get(user.id) ?? null))}
      />
    </div>
  );
}
