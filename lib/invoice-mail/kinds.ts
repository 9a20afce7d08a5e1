/**
 * Every kind of email Paydesk sends. Those about an invoice are for its customer and are checked
 * again when the loop sends them (lib/mail/send-time-check.ts).
 */
export const CUSTOMER_MAIL_KINDS = ["payment_link", "payment_reminder", "ask_for_rest"] as const;
export type CustomerMailKind = (typeof CUSTOMER_MAIL_KINDS)[number];

export function isCustomerMailKind(kind: string): kind is CustomerMailKind {
  return (CUSTOMER_MAIL_KINDS as readonly string[]).includes(kind);
}
