import type { Metadata } from "next";
import Link from "next/link";
import { UsersTable } from "@/components/users/users-table";
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
      <div className="flex items-center justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Users</h1>
          <p className="text-sm text-slate-600">
            Who can sign in to Paydesk, and what their role lets them do. Granting finance or admin, and
            enabling a disabled finance or admin user or resetting their password or two-factor, waits for a
            second admin. Nobody sets another person&apos;s password: new users choose theirs through a
            one-time invitation link.
          </p>
        </div>
        <Button asChild>
          <Link href="/admin/users/new">New user</Link>
        </Button>
      </div>
      <UsersTable
        currentUserId={currentUser.id}
        users={users.map((user) => ({
          id: user.id,
          email: user.email,
          name: user.name,
          role: user.role,
          disabled: Boolean(user.disabledAt),
          twoFactor: user.twoFactor,
          password: user.password.set
            ? { set: true }
            : {
                set: false,
                link: user.password.link
                  ? {
                      kind: user.password.link.kind,
                      expiresAt: user.password.link.expiresAt.toISOString(),
                      expired: user.password.link.expired,
                    }
                  : null,
              },
          createdAt: user.createdAt.toISOString(),
          pendingChange: pendingFor.get(user.id) ?? null,
        }))}
      />
    </div>
  );
}
