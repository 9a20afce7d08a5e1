import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { NAV_ITEMS } from "@/lib/navigation";
import type { WhatWaits } from "@/lib/what-waits";
import { NotificationsButton } from "@/components/notifications/notifications-button";
import { AppNav } from "./app-nav";
import { EnvironmentBanner } from "./environment-banner";
import { MenuSheet } from "./menu-sheet";
import { SignOutButton } from "./sign-out-button";
import { SkipLink } from "./skip-link";

interface AppHeaderProps {
  user: { name: string; email: string; role: Role };
  /** True when Paydesk talks to its embedded sandbox: nothing here is real money. */
  sandbox: boolean;
  /** PAYDESK_DEMO: published passwords, and two-factor sign-in is nobody's obligation. */
  demo?: boolean;
  /** Notifications and navigation counts as the page was rendered; kept fresh by polling. */
  waits: WhatWaits;
}

/**
 * One row at every width. Below `lg` it holds the menu button, the name and Notifications, and the
 * sheet holds the rest; from `lg` the navigation is in the row, and from `xl` who is signed in too.
 */
export function AppHeader({ user, sandbox, demo = false, waits }: AppHeaderProps) {
  const items = NAV_ITEMS.filter((item) => !item.permission || can(user.role, item.permission));
  const role = ROLE_LABELS[user.role];
  return (
    <header className="border-b border-slate-200 bg-white">
      <SkipLink />
      <EnvironmentBanner sandbox={sandbox} demo={demo} />
      <div
        className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 sm:px-6 lg:gap-5"
        data-testid="header-row"
      >
        <MenuSheet
          items={items}
          waits={waits}
          user={{ name: user.name, email: user.email, role }}
          className="-ml-2 lg:hidden"
        />
        <Link href="/" className="shrink-0 text-lg font-semibold">
          Paydesk
        </Link>
        <AppNav items={items} waits={waits} className="hidden shrink-0 lg:block" />
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <div
            className="hidden min-w-0 max-w-64 text-right leading-tight xl:grid"
            data-testid="signed-in-user"
            title={`${user.name}, ${user.email} · ${role}`}
          >
            <span className="truncate text-sm font-medium">{user.name}</span>
            <span className="truncate text-xs text-slate-600">
              {user.email} · {role}
            </span>
          </div>
          <NotificationsButton initial={waits} />
          <Link
            href="/account/sessions"
            className="hidden text-sm text-slate-700 underline-offset-4 hover:underline lg:inline"
          >
            Account
          </Link>
          <div className="hidden lg:block">
            <SignOutButton />
          </div>
        </div>
      </div>
    </header>
  );
}
