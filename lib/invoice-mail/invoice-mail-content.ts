import { customerMessage } from "@/lib/invoices/customer-message";
import { formatDateTime } from "@/lib/display/time";
import { formatCrypto, formatFiat } from "@/lib/display/money";
import type { CustomerMailKind } from "./kinds";
import type { MailIdentity } from "@/lib/mail/identity";
import type { MailContent } from "@/lib/mail/render";

/** What a customer email about an invoice says; nothing internal (no ids staff would not share). */
export interface InvoiceForMail {
  orderId: string;
  amount: string;
  fiatCurrency: string;
  payUrl: string;
  expiresAt: Date | null;
  /** The coin and network when the invoice fixes them. */
  currency: string | null;
  network: string | null;
  /** For "ask for the rest": what is still missing, in the invoice's coin. */
  remainingCryptoAmount: string | null;
}

/**
 * The subject and content of a customer's email: the message of the invoice's page (its amounts
 * in en-US grouping, its deadline in UTC, named), with the details and the payment page's button.
 */
export function invoiceMailContent(
  kind: CustomerMailKind,
  invoice: InvoiceForMail,
  identity: MailIdentity,
  now: Date,
): { subject: string; content: MailContent } {
  const fiat = formatFiat(invoice.amount, invoice.fiatCurrency, "en-US");
  const business = identity.businessName;
  const method =
    invoice.currency && invoice.network
      ? `${invoice.currency} on ${invoice.network}`
      : "any of the coins the payment page offers";
  // The same words as Copy message on the invoice's page (lib/invoices/customer-message.ts).
  const message = customerMessage(
    kind === "ask_for_rest" ? "pay_rest" : "pay",
    {
      ...invoice,
      paidCryptoAmount: null,
      paidAt: null,
      refund: null,
    },
    now,
  );
  const details: Array<[string, string]> = [
    ["Amount", fiat],
    ["Order", invoice.orderId],
    ["Pay with", method],
  ];
  if (invoice.expiresAt) details.push(["Valid until", formatDateTime(invoice.expiresAt, "UTC")]);
  if (kind === "ask_for_rest" && invoice.remainingCryptoAmount && invoice.currency)
    details.push(["Still to pay", formatCrypto(invoice.remainingCryptoAmount, invoice.currency, "en-US")]);
  const footer = [
    ...identity.footer.split(/\r?\n/).filter((line) => line.trim() !== ""),
    identity.replyTo || "Questions? Reply to this email.",
  ];
  const action = { label: "Open the payment page", url: invoice.payUrl };
  const reminder = kind === "payment_reminder";
  return {
    subject: reminder
      ? `Reminder from ${business}: your payment of ${fiat} is still open (order ${invoice.orderId})`
      : `${business}: ${message.subject}`,
    content: {
      heading: reminder
        ? `Your payment of ${fiat} is still open`
        : kind === "payment_link"
          ? `${business} asks you to pay ${fiat}`
          : message.heading,
      paragraphs: reminder
        ? [
            `${business} has not received your payment for order ${invoice.orderId} yet.`,
            ...message.paragraphs,
          ]
        : message.paragraphs,
      details,
      action,
      footer,
    },
  };
}
