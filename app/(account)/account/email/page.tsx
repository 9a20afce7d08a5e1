import type { Metadata } from "next";
import { MailPreferencesForm } from "@/components/account/mail-preferences-form";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { mailEnabled } from "@/lib/mail/app-mail";
import { staffMailCategoriesFor } from "@/lib/mail/staff/categories";
import { readMailPreferences } from "@/lib/mail/staff/preferences";

export const metadata: Metadata = { title: "Email" };

export default async function EmailPreferencesPage() {
  const user = await requirePermission("account:manage");
  const offered = staffMailCategoriesFor(user.role);
  return (
    <div className="grid max-w-lg gap-6">
      <div>
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Email
        </h1>
        <p className="text-sm text-slate-600">
          Everything that concerns you is in Paydesk&apos;s notifications. Choose what also comes by email,
          the moment it happens or in one daily digest; each email has a link to stop that kind of email.
        </p>
      </div>
      {!mailEnabled() ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="mail-off">
          Email is not set up on this Paydesk (an admin sets SMTP_URL): notifications stay inside Paydesk.
        </p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-slate-600">Your role gets no notifications that could come by email.</p>
      ) : (
        <MailPreferencesForm
          offered={offered}
          current={await readMailPreferences(await getDb(), user.id)}
          email={user.email}
          timeZone={displayPreferencesOf(user).timeZone}
        />
      )}
    </div>
  );
}
