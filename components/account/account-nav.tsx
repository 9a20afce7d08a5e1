"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";

const PAGES = [
  { href: "/account/password", label: "Password" },
  { href: "/account/sessions", label: "Sessions" },
  { href: "/account/two-factor", label: "Two-factor sign-in" },
  { href: "/account/passkeys", label: "Passkeys" },
  { href: "/account/display", label: "Display" },
  { href: "/account/email", label: "Email" },
] as const;

/** The pages of one's own account: how one signs in, and where one is signed in. */
export function AccountNav({ mail }: { mail: boolean }) {
  const pathname = usePathname();
  const pages = PAGES.filter((page) => mail || page.href !== "/account/email");
  return (
    <nav aria-label="Account" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 pb-2">
      {pages.map((page) => (
        <Link
          key={page.href}
          href={page.href}
          aria-current={pathname === page.href ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100",
            pathname === page.href && "bg-slate-100 text-slate-900",
          )}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
