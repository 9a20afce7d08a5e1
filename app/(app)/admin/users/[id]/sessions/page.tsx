import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SessionsList } from "@/components/account/sessions-list";
import { readSession } from "@/lib/auth/current-user";
import { requirePermission } from "@/lib/auth/guards";
import { sessionItems } from "@/lib/auth/session-list";
import { findUserById } from "@/lib/auth/user-lookup";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "A user's sessions" };

export default async function UserSessionsPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePermission("users:manage");
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const db = await getDb();
  const user = await findUserById(db, id);
  if (!user) notFound();
  const state = await readSession();
  const current = state.status === "active" ? state.sessionId : null;
  const sessions = await sessionItems(db, user.id, current);
  return (
    <div className="grid gap-6">
      <div>
        <Link href="/admin/users" className="text-sm text-slate-600 underline">
          Users
        </Link>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Sessions of {user.email}
        </h1>
        <p className="text-sm text-slate-600">
          Where {user.name} is signed in. Ending a session signs that browser out at its next request.
        </p>
      </div>
      <SessionsList sessions={sessions} forUser={{ id: user.id, email: user.email }} />
    </div>
  );
}
