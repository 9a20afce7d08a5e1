import type { Metadata } from "next";
import { ThresholdForm } from "@/components/settings/threshold-form";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { getApprovalThreshold } from "@/lib/withdrawals/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  await requirePermission("settings:manage");
  const threshold = await getApprovalThreshold(await getDb());
  return (
    <div className="grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="text-sm text-slate-600">
          Rules for payouts. Changes apply to requests made from now on.
        </p>
      </div>
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
