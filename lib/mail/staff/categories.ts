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
};

export function staffMailCategoriesFor(role: Role): StaffMailCategory[] {
  return STAFF_MAIL_CATEGORY_KEYS.filter((category) => can(role, STAFF_MAIL_CATEGORY_PERMISSIONS[category]));
}

export function isStaffMailCategory(value: string): value is StaffMailCategory {
  return Object.hasOwn(STAFF_MAIL_CATEGORIES, value);
}

/** A daily digest is not offered yet: a category is off (Paydesk only) or comes at once. */
export const STAFF_MAIL_MODES = ["off", "immediate"] as const;
export type StaffMailMode = (typeof STAFF_MAIL_MODES)[number];
