import { formatCrypto, formatFiat } from "@/lib/display/money";
import { formatDateTime } from "@/lib/display/time";

/**
 * What a customer is told about their invoice, by where it stands: pay it, pay the rest of it,
 * nothing to pay (a receipt), or the refund sent to them. One text for every way it reaches them:
 * Copy message and the share sheet, the email, the card beside the QR code.
 *
 * In the customer's words: a customer's zone and locale are unknown, so amounts are written the
 * one way every reader can parse (en-US grouping) and times in UTC, named.
 */
export type CustomerMessageKind = "pay" | "pay_rest" | "receipt" | "refund";

export interface CustomerFacts {
  orderId: string;
  amount: string;
  fiatCurrency: string;
  payUrl: string | null;
  expiresAt: string | Date | null;
  /** The coin and network, once the invoice fixes them. */
  currency: string | null;
  network: string | null;
  /** What is still missing of an underpaid invoice, in its coin. */
  remainingCryptoAmount: string | null;
  /** What arrived, in the invoice's coin, and when the last of it was seen. */
  paidCryptoAmount: string | null;
  paidAt: string | Date | null;
  /** The last refund paid out to the customer, if any. */
  refund: { amount: string; currency: string; txid: string | null } | null;
}

export interface CustomerMessage {
  kind: CustomerMessageKind;
  subject: string;
  heading: string;
  /** The first says what to do (or what happened); the link, when there is one, goes after it. */
  paragraphs: string[];
  link: string | null;
}

/**
 * Which message fits: a paid refund first, then the invoice's own state (an underpayment accepted
 * as paid is paid, for the customer); none for one that ended unpaid or was settled otherwise.
 */
export function customerMessageKind(input: {
  status: string;
  isFinal: boolean;
  resolution: string | null;
  refundPaid: boolean;
}): CustomerMessageKind | null {
  if (input.refundPaid) return "refund";
  if (input.status === "paid" || input.status === "overpaid" || input.resolution === "accepted_as_paid")
    return "receipt";
  if (input.isFinal || input.resolution) return null;
  if (input.status === "underpaid") return "pay_rest";
  if (input.status === "open") return "pay";
  return null;
}

const UTC = "UTC";

export function customerMessage(
  kind: CustomerMessageKind,
  facts: CustomerFacts,
  now: Date = new Date(),
): CustomerMessage {
  const fiat = formatFiat(facts.amount, facts.fiatCurrency, "en-US");
  const order = `order ${facts.orderId}`;
  const deadline = validity(facts.expiresAt, now);
  switch (kind) {
    case "pay":
      return {
        kind,
        subject: `Please pay ${fiat} for ${order}`,
        heading: `Please pay ${fiat}`,
        paragraphs: [
          `Please pay ${fiat} for ${order} on its payment page, which shows the exact amount and the address to send it to:`,
          ...(deadline ? [deadline] : []),
        ],
        link: facts.payUrl,
      };
    case "pay_rest": {
      const missing =
        facts.remainingCryptoAmount && facts.currency
          ? formatCrypto(facts.remainingCryptoAmount, facts.currency, "en-US")
          : "the rest";
      const on = facts.network ? ` on ${facts.network}` : "";
      return {
        kind,
        subject: `${missing} still to pay for ${order}`,
        heading: `${missing} is still missing`,
        paragraphs: [
          `Thank you for your payment for ${order}. It was less than the invoice asks for: ${missing} is still missing. Please send only the remaining ${missing}${on}, to the same address, through the same payment page:`,
          ...(deadline ? [deadline] : []),
        ],
        link: facts.payUrl,
      };
    }
    case "receipt": {
      const received =
        facts.paidCryptoAmount && facts.currency
          ? formatCrypto(facts.paidCryptoAmount, facts.currency, "en-US")
          : fiat;
      const when = facts.paidAt ? ` on ${formatDateTime(facts.paidAt, UTC)}` : "";
      return {
        kind,
        subject: `Payment received for ${order}`,
        heading: "Payment received",
        paragraphs: [
          `Thank you: we received ${received}${when} for ${order} (invoice amount ${fiat}). There is nothing more to pay.`,
        ],
        link: null,
      };
    }
    case "refund": {
      const refund = facts.refund;
      const amount = refund ? formatCrypto(refund.amount, refund.currency, "en-US") : "a refund";
      return {
        kind,
        subject: `Refund sent for ${order}`,
        heading: "Refund sent",
        paragraphs: [
          `We have sent you ${amount} back for ${order}.`,
          refund?.txid
            ? `Its transaction id is ${refund.txid}.`
            : "Its transaction id follows once the network confirms it.",
        ],
        link: null,
      };
    }
  }
}

/** The message as one text to copy or share: what to do, the link on a line of its own, the deadline. */
export function customerMessageText(message: CustomerMessage): string {
  const [first = "", ...rest] = message.paragraphs;
  return [first, ...(message.link ? [message.link] : []), ...rest].join("\n");
}

function validity(expiresAt: string | Date | null, now: Date): string | null {
  if (!expiresAt) return null;
  const until = formatDateTime(expiresAt, UTC);
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0
    ? `The link is valid for ${lifetimeLeft(left)}, until ${until}.`
    : `The link expired on ${until}.`;
}

/** "2 hours", "1 hour 30 minutes", "45 minutes": to the nearest minute. */
export function lifetimeLeft(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(rest, "minute");
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
}
