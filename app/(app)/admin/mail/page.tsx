import type { Metadata } from "next";
import { OutgoingMailTable } from "@/components/mail/outgoing-mail-table";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { mailEnabled } from "@/lib/mail/app-mail";
import { listOutgoingMail } from "@/lib/mail/outgoing";

export const metadata: Metadata = { title: "Outgoing mail" };

export default async function OutgoingMailPage() {
  await requirePermission("mail:manage");
  const rows = await listOutgoingMail(await getDb());
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Outgoing mail</h1>
        <p className="text-sm text-slate-600">
          The latest 200 emails Paydesk queued, newest first. A background loop sends them, tries again after
          a growing wait when the mail server does not take them, and marks them failed after a day or when
          the server refuses them for good. Texts are kept 30 days.
        </p>
      </div>
      {!mailEnabled() ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="mail-off">
          Email is not set up (SMTP_URL): Paydesk sends no mail.
        </p>
      ) : null}
      <OutgoingMailTable rows={rows} />
    </div>
  );
}
