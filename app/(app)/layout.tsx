import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { DisplayProvider } from "@/components/display/display-provider";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { OneTimeLinkHost } from "@/components/account-links/one-time-link";
import { requireUser } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { whatWaitsFor } from "@/lib/what-waits";
import { serverEnv } from "@/lib/env";
import { usesEmbeddedSandbox } from "@/lib/service/app-config";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <DisplayProvider prefs={displayPreferencesOf(user)} zoneChosen={user.timeZone !== null}>
      <AppHeader
        user={user}
        sandbox={usesEmbeddedSandbox()}
        demo={serverEnv().PAYDESK_DEMO}
        waits={await whatWaitsFor(await getDb(), user)}
      />
      <main id="content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8">
        {children}
      </main>
      <OneTimeLinkHost />
    </DisplayProvider>
  );
}
