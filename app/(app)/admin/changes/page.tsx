import type { Metadata } from "next";
import { ChangesTable } from "@/components/changes/list/changes-table";
import { requirePermission } from "@/lib/auth/guards";
import { listChanges } from "@/lib/change-review/queries";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Pending changes" };

export default async function PendingChangesPage() {
  const user = await requirePermission("changes:view");
  const db = await getDb();
  const [pending, decided] = await Promise.all([
    listChanges(db, user.id, { state: "pending" }),
    listChanges(db, user.id, { state: "decided" }),
  ]);
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-2xl font-semibold">Pending changes</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Changes to who may pay take effect only when a second admin approves them: granting the finance or
          admin role, enabling a disabled finance or admin user, resetting a finance or admin user&apos;s
          two-factor sign-in, and changing or removing the two-approver threshold. The admin who proposed a
          change can cancel it; any other admin can approve or reject it, except on their own account.
        </p>
      </div>
      <section className="grid gap-3" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading" className="text-lg font-semibold">
          Waiting for a second admin
        </h2>
        <ChangesTable changes={pending} mode="pending" empty="Nothing is waiting for a second admin." />
      </section>
      <section className="grid gap-3" aria-labelledby="decided-heading">
        <h2 id="decided-heading" className="text-lg font-semibold">
          Recently decided
        </h2>
        <ChangesTable changes={decided} mode="decided" empty="No change has been decided yet." />
      </section>
    </div>
  );
}
