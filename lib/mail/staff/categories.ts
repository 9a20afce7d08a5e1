import { can, type Action } from "@/lib/auth/permissions";
import type { Role } from "@/lib/auth/roles";

/**
 * What a person may choose to also get by email, beside Paydesk's own notifications: each
 * notification names its category (lib/notifications/notify.ts).
 */
export const STAFF_MAIL_CATEGORIES = {
  approval_waiting: "A withdrawal request waits for my approval",
  my_withdrawal: "My withdrawal was paid, rejected or failed",
  payout_attention: "A payout needs review, is in conflict, or was refused or failed",
  change_waiting: "A change waits for another admin",
  invoice_exception: "An invoice I created was overpaid or underpaid",
  monthly_statement: "Last month's statement",
} as const;

export type StaffMailCategory = keyof typeof STAFF_MAIL_CATEGORIES;

export const STAFF_MAIL_CATEGORY_KEYS = Object.keys(STAFF_MAIL_CATEGORIES) as StaffMailCategory[];

/** The permission that makes a category concern a person: nobody is offered mail they never get. */
export const STAFF_MAIL_CATEGORY_PERMISSIONS: Record<StaffMailCategory, Action> = {
  approval_waiting: "withdrawals:approve",
  my_withdrawal: "withdrawals:request",
  payout_attention: "withdrawals:approve",
  change_waiting: "changes:decide",
  invoice_exception: "invoices:create",
  monthly_statement: "statement:view",
};

export function staffMailCategoriesFor(role: Role): StaffMailCategory[] {
  return STAFF_MAIL_CATEGORY_KEYS.filter((category) => can(role, STAFF_MAIL_CATEGORY_PERMISSIONS[category]));
}

export function isStaffMailCategory(value: string): value is StaffMailCategory {
  return Object.hasOwn(STAFF_MAIL_CATEGORIES, value);
}

/** A category is off (Paydesk only), comes at once, or waits for the person's daily digest. */
export const STAFF_MAIL_MODES = ["off", "immediate", "digest"] as const;
export type StaffMailMode = (typeof STAFF_MAIL_MODES)[number];

export const STAFF_MAIL_MODE_LABELS: Record<StaffMailMode, string> = {
  off: "Only in Paydesk",
  immediate: "Email at once",
  digest: "Daily digest",
};

/**
 * The monthly statement is one email on the 1st, never a notification: it is either off or sent
 * ("immediate" stored), and a daily digest has nothing of it to gather.
 */
export function staffMailModesFor(category: StaffMailCategory): readonly StaffMailMode[] {
  return category === "monthly_statement" ? ["off", "immediate"] : STAFF_MAIL_MODES;
}

export function staffMailModeLabel(category: StaffMailCategory, mode: StaffMailMode): string {
  return category === "monthly_statement" && mode === "immediate"
    ? "Email on the 1st"
    : STAFF_MAIL_MODE_LABELS[mode];
}

/**
 * What one unsubscribe link turns off: a category sent at once, or the whole daily digest (one
 * email that gathers several categories).
 */
export type UnsubscribeScope = StaffMailCategory | "digest";

export function isUnsubscribeScope(value: string): value is UnsubscribeScope {
  return value === "digest" || isStaffMailCategory(value);
}

/** How a scope reads inside a sentence: "You will no longer get <phrase> by email." */
export function unsubscribeScopePhrase(scope: UnsubscribeScope): string {
  return scope === "digest" ? "the daily digest" : `"${STAFF_MAIL_CATEGORIES[scope]}"`;
}
