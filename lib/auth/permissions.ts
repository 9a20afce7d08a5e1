import type { Role } from "./roles";

/**
 * The one permission table. Every server action, route handler and protected page checks it
 * through `can`; the navigation reads it too, but hiding a link is never the security.
 */
export const ACTIONS = [
  "users:manage",
  "service:manage",
  "settings:manage",
  "invoices:view",
  "invoices:create",
  // Deal with an invoice exception: accept an underpayment as paid, or mark it resolved (lib/exceptions).
  "invoices:resolve",
  "withdrawals:view",
  "withdrawals:request",
  "withdrawals:approve",
  // The books' figures on the home page: each coin's balance as Paydesk knows it (lib/books).
  "books:view",
  "webhooks:view",
  "webhooks:reprocess",
  // Dual control: changes to who may pay wait for a second admin (lib/changes).
  "changes:view",
  "changes:decide",
  // One's own sign-in: password, two-factor, passkeys, sessions (everyone, for themselves only).
  "account:manage",
  // The staff audit log: who did what, when, from where (lib/audit).
  "audit:view",
  // Everyone reads (and marks read) their own notifications (lib/notifications).
  "notifications:read",
  // The System page: version, database, loops, queues, for a support ticket (lib/system).
  "system:read",
  // Outgoing mail: what the outbox sent or could not, and Send again for a failed one (lib/mail).
  "mail:manage",
  // The statement: what moved in and out of the merchant's balance over a period, from the ledger (lib/statement).
  "statement:view",
] as const;
export type Action = (typeof ACTIONS)[number];

const PERMISSIONS: Record<Role, readonly Action[]> = {
  // Admins run the system; payouts stay with finance so no one person can both configure and pay.
  admin: [
    "users:manage",
    "service:manage",
    "settings:manage",
    "invoices:view",
    "invoices:create",
    "invoices:resolve",
    "withdrawals:view",
    "books:view",
    "webhooks:view",
    "audit:view",
    "webhooks:reprocess",
    "changes:view",
    "changes:decide",
    "account:manage",
    "notifications:read",
    "system:read",
    "mail:manage",
    "statement:view",
  ],
  finance: [
    "invoices:view",
    "withdrawals:view",
    "withdrawals:request",
    "withdrawals:approve",
    "books:view",
    "webhooks:view",
    "audit:view",
    "account:manage",
    "notifications:read",
    "statement:view",
  ],
  support: [
    "invoices:view",
    "invoices:create",
    "invoices:resolve",
    "withdrawals:view",
    "withdrawals:request",
    "account:manage",
    "notifications:read",
  ],
  viewer: ["invoices:view", "withdrawals:view", "account:manage", "notifications:read"],
};

export function can(role: Role, action: Action): boolean {
  return PERMISSIONS[role].includes(action);
}

export function permissionsOf(role: Role): readonly Action[] {
  return PERMISSIONS[role];
}
