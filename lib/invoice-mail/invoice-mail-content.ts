import { formatDistanceStrict } from "date-fns";
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
 * The subject and content of a customer's email. A customer's time zone is unknown, so the
 * deadline is relative with its time in UTC, named ("for about 2 hours, until 25 Nov 2026, 22:06
 * UTC"); amounts in en-US grouping, the one format every reader can parse.
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
  const deadline = invoice.expiresAt
    ? `for ${formatDistanceStrict(invoice.expiresAt, now)}, until ${formatDateTime(invoice.expiresAt, "UTC")}`
    : null;
  const details: Array<[string, string]> = [
    ["Amount", fiat],
    ["Order", invoice.orderId],
    ["Pay with", method],
  ];
  if (invoice.expiresAt) details.push(["Valid until", formatDateTime(invoice.expiresAt, "UTC")]);
  const footer = [
    ...identity.footer.split(/\r?\n/).filter((line) => line.trim() !== ""),
    identity.replyTo || "Questions? Reply to this email.",
  ];
  const action = { label: "Open the payment page", url: invoice.payUrl };

  if (kind === "ask_for_rest") {
    const missing =
      invoice.remainingCryptoAmount && invoice.currency
        ? formatCrypto(invoice.remainingCryptoAmount, invoice.currency, "en-US")
        : "the rest";
    return {
      subject: `${business}: ${missing} still to pay for order ${invoice.orderId}`,
      content: {
        heading: `${missing} is still missing`,
        paragraphs: [
          `Thank you for your payment for order ${invoice.orderId}. It was less than the invoice asks for: ${missing} is still missing.`,
          `Please send the rest to the same payment page${deadline ? `, ${deadline}` : ""}.`,
        ],
        details: [...details, ["Still to pay", missing]],
        action,
        footer,
      },
    };
  }
  if (kind === "payment_reminder") {
    return {
      subject: `Reminder from ${business}: your payment of ${fiat} is still open`,
      content: {
        heading: `Your payment of ${fiat} is still open`,
        paragraphs: [
          `${business} has not received your payment for order ${invoice.orderId} yet.`,
          deadline ? `The payment page stays open ${deadline}.` : "The payment page is still open.",
        ],
        details,
        action,
        footer,
      },
    };
  }
  return {
    subject: `${business} asks you to pay ${fiat} (order ${invoice.orderId})`,
    content: {
      heading: `${business} asks you to pay ${fiat}`,
      paragraphs: [
        `Pay for order ${invoice.orderId} in crypto on the payment page: it shows the exact amount and the address to send it to.`,
        deadline ? `The link is valid ${deadline}.` : "Open the link to pay.",
      ],
      details,
      action,
      footer,
    },
  };
}
