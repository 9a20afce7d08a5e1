import type { Metadata } from "next";
import { DisplayPreferencesForm } from "@/components/account/display-preferences-form";
import { requirePermission } from "@/lib/auth/guards";
import { displayPreferencesOf, timeZoneOptions } from "@/lib/display/preferences";

export const metadata: Metadata = { title: "Display" };

export default async function DisplayPage() {
  const user = await requirePermission("account:manage");
  return (
    <div className="grid max-w-lg gap-6">
      <div>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Display
        </h1>
        <p className="text-sm text-slate-600">
          How you see times and amounts. Your browser&apos;s time zone was taken when you first signed in;
          exports (CSV) always use UTC, whatever you choose here.
        </p>
      </div>
      <DisplayPreferencesForm current={displayPreferencesOf(user)} timeZones={timeZoneOptions()} />
    </div>
  );
}
