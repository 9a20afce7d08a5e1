import type { Metadata } from "next";
import { PasskeysSettings } from "@/components/passkeys/passkeys-settings";
import { NewRecoveryCodes } from "@/components/two-factor/new-recovery-codes";
import { requirePermission } from "@/lib/auth/guards";
import { passkeySettingsOf } from "@/lib/auth/passkey-list";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Passkeys" };

export default async function PasskeysPage() {
  const user = await requirePermission("account:manage");
  const settings = await passkeySettingsOf(await getDb(), user);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Passkeys
        </h1>
        <p className="text-sm text-slate-600">
          A passkey signs you in with your device&apos;s fingerprint, face or PIN instead of your password and
          a code, and confirms approvals. It is a second factor of its own: admin and finance accounts may use
          a passkey instead of an authenticator app.
        </p>
      </div>
      <PasskeysSettings
        settings={settings}
        newRecoveryCodes={
          <NewRecoveryCodes
            lost={
              settings.app
                ? { device: "your phone or a passkey", factor: "a code or a passkey" }
                : { device: "your passkey", factor: "your passkey" }
            }
          />
        }
      />
    </div>
  );
}
