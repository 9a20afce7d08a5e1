import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { NAV_ITEMS } from "@/lib/navigation";
import { AppNav } from "./app-nav";
import { SignOutButton } from "./sign-out-button";

export function AppHeader({ user }: { user: { name: string; email: string; role: Role } }) {
  const items = NAV_ITEMS.filter((item) => !item.permission || can(user.role, item.permission));
  return (
    <header className="border-b border-slate-200 bg-white">
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
