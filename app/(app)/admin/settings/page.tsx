import type { Metadata } from "next";
import { ChangeActions } from "@/components/changes/detail/change-actions";
import { MailIdentityForm } from "@/components/settings/mail-identity-form";
import { ThresholdForm } from "@/components/settings/threshold-form";
import { appMailConfig } from "@/lib/mail/app-mail";
import { getMailIdentity } from "@/lib/mail/identity";
import { Badge } from "@/components/ui/badge";
import { requirePermission } from "@/lib/auth/guards";
import { listChanges } from "@/lib/change-review/queries";
import { settingSubject } from "@/lib/changes/store";
import { getDb } from "@/lib/db/client";
import { getApprovalThreshold, THRESHOLD_KEY } from "@/lib/withdrawals/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requirePermission("settings:manage");
  const db = await getDb();
  const mail = appMailConfig();
  const [threshold, [pending], identity] = await Promise.all([
    getApprovalThreshold(db),
    listChanges(db, user.id, { state: "pending", subject: settingSubject(THRESHOLD_KEY) }),
    mail ? getMailIdentity(db, mail.from.name) : null,
  ]);
  return (
    <div className="grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="text-sm text-slate-600">
          Rules for payouts. Changes apply to requests made from now on. Turning the two-approver rule on
          applies at once; changing or removing it waits for a second admin&apos;s approval.
        </p>
      </div>
      {pending ? (
        <div
          className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
          data-testid="pending-change"
        >
          <p>
            <Badge tone="warning">Waiting for a second admin</Badge> {pending.description}, proposed by{" "}
            {pending.proposedBy}. Until it is approved, the rule below stays as it is.
          </p>
          <ChangeActions change={pending} />
        </div>
      ) : null}
      {mail && identity ? (
        <MailIdentityForm
          from={mail.from.address}
          defaultValues={{
            businessName: identity.businessName,
            replyTo: identity.replyTo ?? "",
            footer: identity.footer,
          }}
        />
      ) : (
        <p className="text-sm text-slate-600" data-testid="mail-off">
          Email is not set up (SMTP_URL): Paydesk sends no mail.
        </p>
      )}
      <ThresholdForm
        defaultValues={{
          enabled: Boolean(threshold),
          amount: threshold?.amount ?? "",
          fiatCurrency: (threshold?.fiatCurrency ?? "USD") as "USD",
        }}
      />
    </div>
  );
}
