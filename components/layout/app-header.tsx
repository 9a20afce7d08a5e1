import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { NAV_ITEMS } from "@/lib/navigation";
import { AppNav } from "./app-nav";
import { SignOutButton } from "./sign-out-button";

interface AppHeaderProps {
  user: { name: string; email: string; role: Role };
  /** True when Paydesk talks to its embedded sandbox: nothing here is real money. */
  sandbox: boolean;
}

export function AppHeader({ user, sandbox }: AppHeaderProps) {
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
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
        <div className="flex items-center gap-6">
          <Link href="/" className="text-lg font-semibold">
            Paydesk
          </Link>
          <AppNav items={items} />
        </div>
        <div className="flex items-center gap-3">
          <div className="text-right text-sm" data-testid="signed-in-user">
            <div className="font-medium">{user.name}</div>
            <div className="text-slate-500">
              {user.email} · {ROLE_LABELS[user.role]}
            </div>
          </div>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
