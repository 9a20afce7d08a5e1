import type { Metadata } from "next";
import { SessionsList } from "@/components/account/sessions-list";
import { readSession } from "@/lib/auth/current-user";
import { requirePermission } from "@/lib/auth/guards";
import { sessionItems } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage() {
  const user = await requirePermission("account:manage");
  const state = await readSession();
  const current = state.status === "active" || state.status === "must-enroll" ? state.sessionId : null;
  const sessions = await sessionItems(await getDb(), user.id, current);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Sessions
        </h1>
        <p className="text-sm text-slate-600">
          Where you are signed in. Sign out of any session you do not recognise: it ends at its next request.
          Changing your password signs out every session but this one.
        </p>
      </div>
      <SessionsList sessions={sessions} />
    </div>
  );
}
