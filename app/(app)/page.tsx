import Link from "next/link";
import { requireUser } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { NAV_ITEMS } from "@/lib/navigation";

export default async function HomePage() {
  const user = await requireUser();
  const places = NAV_ITEMS.filter(
    (item) => item.href !== "/" && (!item.permission || can(user.role, item.permission)),
  );
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Welcome, {user.name}</h1>
        <p className="text-slate-600">You are signed in as {ROLE_LABELS[user.role]}.</p>
      </div>
      {places.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {places.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="block rounded-lg border border-slate-200 bg-white p-4 font-medium hover:border-slate-400"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">Nothing else is open to your role yet.</p>
      )}
    </div>
  );
}
