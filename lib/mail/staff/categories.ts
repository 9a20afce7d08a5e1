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

export function isStaffMailCategory(value: string): value is StaffMailCategory {
  return Object.hasOwn(STAFF_MAIL_CATEGORIES, value);
}

export const STAFF_MAIL_MODES = ["off", "immediate", "digest"] as const;
export type StaffMailMode = (typeof STAFF_MAIL_MODES)[number];
