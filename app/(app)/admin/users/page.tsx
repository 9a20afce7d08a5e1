import type { Metadata } from "next";
import Link from "next/link";
import { UsersTable } from "@/components/users/users-table";
import { Button } from "@/components/ui/button";
import { requirePermission } from "@/lib/auth/guards";
import { enrolledUserIds } from "@/lib/auth/two-factor/store";
import { getDb } from "@/lib/db/client";
import { listUsers } from "@/lib/users/queries";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const currentUser = await requirePermission("users:manage");
  const db = await getDb();
  const [users, enrolled] = await Promise.all([listUsers(db), enrolledUserIds(db)]);
  return (
    <div className="grid gap-6">
      <div className="flex items-center justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Users</h1>
          <p className="text-sm text-slate-600">
            Who can sign in to Paydesk, and what their role lets them do.
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
          createdAt: user.createdAt.toISOString(),
          twoFactor: enrolled.has(user.id),
        }))}
      />
    </div>
  );
}
