import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { NAV_ITEMS } from "@/lib/navigation";
import type { WhatWaits } from "@/lib/what-waits";
import { NotificationsButton } from "@/components/notifications/notifications-button";
import { AppNav } from "./app-nav";
import { SignOutButton } from "./sign-out-button";

interface AppHeaderProps {
  user: { name: string; email: string; role: Role };
  /** True when Paydesk talks to its embedded sandbox: nothing here is real money. */
  sandbox: boolean;
  /** PAYDESK_DEMO: published passwords, and two-factor sign-in is nobody's obligation. */
  demo?: boolean;
  /** Notifications and navigation counts as the page was rendered; kept fresh by polling. */
  waits: WhatWaits;
}

export function AppHeader({ user, sandbox, demo = false, waits }: AppHeaderProps) {
  const items = NAV_ITEMS.filter((item) => !item.permission || can(user.role, item.permission));
  return (
    <header className="border-b border-slate-200 bg-white">
      {sandbox ? (
        <p
          className="bg-amber-100 px-6 py-1 text-center text-xs font-medium text-amber-900"
          data-testid="sandbox-banner"
        >
          Sandbox: Paydesk is connected to its embedded test service. No real money moves.
        </p>
      ) : null}
      {demo ? (
        <p className="bg-amber-50 px-6 py-1 text-center text-xs text-amber-900" data-testid="demo-banner">
          Demo mode: the demo users&apos; passwords are published, and two-factor sign-in is optional for
          everyone here. Outside demo mode, admin and finance must set it up.
        </p>
      ) : null}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
        <div className="flex items-center gap-6">
          <Link href="/" className="text-lg font-semibold">
            Paydesk
          </Link>
          <AppNav items={items} waits={waits} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="text-right text-sm" data-testid="signed-in-user">
            <div className="font-medium">{user.name}</div>
            <div className="text-slate-500">
              {user.email} · {ROLE_LABELS[user.role]}
            </div>
          </div>
          <NotificationsButton initial={waits} />
          <Link
            href="/account/sessions"
            className="text-sm text-slate-700 underline-offset-4 hover:underline"
          >
            Account
          </Link>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
