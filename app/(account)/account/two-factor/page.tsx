import type { Metadata } from "next";
import { EnrollTwoFactor } from "@/components/two-factor/enroll-two-factor";
import { TwoFactorOn } from "@/components/two-factor/two-factor-on";
import { requirePermission } from "@/lib/auth/guards";
import { twoFactorSettingsOf } from "@/lib/auth/two-factor-settings";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Two-factor sign-in" };

export default async function TwoFactorPage() {
  const user = await requirePermission("account:manage");
  const settings = await twoFactorSettingsOf(await getDb(), user);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Two-factor sign-in
        </h1>
        <p className="text-sm text-slate-600">
          After your password, Paydesk asks for a 6-digit code from an authenticator app on your phone, so a
          stolen password alone cannot sign in or approve a payout.
        </p>
      </div>
      {settings.state === "on" ? (
        <TwoFactorOn
          since={settings.since.toISOString()}
          unusedRecoveryCodes={settings.unusedRecoveryCodes}
          required={settings.required}
        />
      ) : (
        <EnrollTwoFactor required={settings.required} />
      )}
    </div>
  );
}
