import type { Metadata } from "next";
import { ChangeActions } from "@/components/changes/detail/change-actions";
import { MailIdentityForm } from "@/components/settings/mail-identity-form";
import { SsoSecondFactorForm } from "@/components/settings/sso-second-factor-form";
import { ReportingCurrencyForm } from "@/components/settings/reporting-currency-form";
import { ThresholdForm } from "@/components/settings/threshold-form";
import { getReportingCurrency } from "@/lib/books/reporting-currency";
import { appMailConfig } from "@/lib/mail/app-mail";
import { getMailIdentity } from "@/lib/mail/identity";
import { Badge } from "@/components/ui/badge";
import { requirePermission } from "@/lib/auth/guards";
import { listChanges } from "@/lib/change-review/queries";
import { settingSubject } from "@/lib/changes/store";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { SSO_SECOND_FACTOR_KEY } from "@/lib/db/schema";
import { ssoForPages } from "@/lib/auth/sso/config";
import { ssoCountsAsSecondFactor } from "@/lib/auth/sso/second-factor-setting";
import { getApprovalThreshold, THRESHOLD_KEY } from "@/lib/withdrawals/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requirePermission("settings:manage");
  const db = await getDb();
  const mail = appMailConfig();
  const sso = ssoForPages();
  const [threshold, [pending], identity, ssoCounts, [ssoPending], reporting] = await Promise.all([
    getApprovalThreshold(db),
    listChanges(db, user.id, { state: "pending", subject: settingSubject(THRESHOLD_KEY) }),
    mail ? getMailIdentity(db, mail.from.name) : null,
    ssoCountsAsSecondFactor(db),
    listChanges(db, user.id, { state: "pending", subject: settingSubject(SSO_SECOND_FACTOR_KEY) }),
    getReportingCurrency(db),
  ]);
  return (
    <div className="grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="text-sm text-slate-600">
          Rules for payouts and sign-in. Changes apply from now on. What can only ask for more (turning the
          two-approver rule on) applies at once; what may ask for less waits for a second admin&apos;s
          approval.
        </p>
      </div>
      {[pending, ssoPending].map((waiting) =>
        waiting ? (
          <div
            key={waiting.id}
            className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
            data-testid="pending-change"
          >
            <p>
              <Badge tone="warning">Waiting for a second admin</Badge> {waiting.description}, proposed by{" "}
              {waiting.proposedBy}. Until it is approved, the setting below stays as it is.
            </p>
            <ChangeActions change={waiting} />
          </div>
        ) : null,
      )}
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
      {sso ? (
        <SsoSecondFactorForm
          providerName={sso.name}
          stepUpMinutes={serverEnv().PAYDESK_STEP_UP_MINUTES}
          defaultValues={{ counts: ssoCounts }}
        />
      ) : null}
      <ReportingCurrencyForm
        key={`${reporting.currency}-${reporting.source}`}
        source={reporting.source}
        defaultValues={{ currency: reporting.currency as "USD" }}
      />
      <ThresholdForm
        // Remounted once a proposal is recorded: the form shows the rule in force, not what was proposed.
        key={`${threshold?.amount ?? "off"}-${threshold?.fiatCurrency ?? reporting.currency}-${pending?.id ?? "none"}`}
        pending={pending ? `${pending.description}, proposed by ${pending.proposedBy}` : null}
        reportingCurrency={reporting.currency}
        defaultValues={{
          enabled: Boolean(threshold),
          amount: threshold?.amount ?? "",
          fiatCurrency: (threshold?.fiatCurrency ?? reporting.currency) as "USD",
        }}
      />
    </div>
  );
}
