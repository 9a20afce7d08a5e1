import type { Action } from "@/lib/auth/permissions";

export interface NavItem {
  href: string;
  label: string;
  /** Shown only to roles that have this permission; none means every signed-in user. */
  permission?: Action;
  /** A count shown beside the link: what waits for the person there (lib/what-waits.ts). */
  count?: "approvals" | "exceptions" | "payouts" | "changes";
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Home", count: "exceptions" },
  { href: "/invoices", label: "Invoices", permission: "invoices:view" },
  { href: "/withdrawals", label: "Withdrawals", permission: "withdrawals:view", count: "payouts" },
  {
    href: "/withdrawals/approvals",
    label: "Approvals",
    permission: "withdrawals:approve",
    count: "approvals",
  },
  { href: "/statement", label: "Statement", permission: "statement:view" },
  { href: "/webhooks", label: "Webhooks", permission: "webhooks:view" },
  { href: "/audit", label: "Audit log", permission: "audit:view" },
  { href: "/admin/users", label: "Users", permission: "users:manage" },
  { href: "/admin/service", label: "Service connection", permission: "service:manage" },
  { href: "/admin/settings", label: "Settings", permission: "settings:manage" },
  { href: "/admin/changes", label: "Pending changes", permission: "changes:view", count: "changes" },
  { href: "/admin/system", label: "System", permission: "system:read" },
  { href: "/admin/mail", label: "Outgoing mail", permission: "mail:manage" },
];
