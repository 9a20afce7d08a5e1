import type { ReactNode } from "react";
import { AccountNav } from "@/components/account/account-nav";
import { mailEnabled } from "@/lib/mail/app-mail";
import { AppHeader } from "@/components/layout/app-header";
import { DisplayProvider } from "@/components/display/display-provider";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { requireUser } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { whatWaitsFor } from "@/lib/what-waits";
import { serverEnv } from "@/lib/env";
import { usesEmbeddedSandbox } from "@/lib/service/app-config";

/**
 * The person's own account pages. Unlike the rest of the app, these open for an admin or finance
 * user who must still set up two-factor: enrollment is where everything else sends them.
 */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const user = await requireUser({ duringEnrollment: true });
  return (
    <DisplayProvider prefs={displayPreferencesOf(user)} zoneChosen={user.timeZone !== null}>
      <AppHeader
        user={user}
        sandbox={usesEmbeddedSandbox()}
        demo={serverEnv().PAYDESK_DEMO}
        waits={await whatWaitsFor(await getDb(), user)}
      />
      <main id="content" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-6 outline-none sm:px-6 sm:py-8">
        <AccountNav mail={mailEnabled()} />
        {children}
      </main>
    </DisplayProvider>
  );
}
