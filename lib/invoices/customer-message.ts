import type { DisplayFormatter } from "@/lib/display/formatter";

export interface MessageInvoice {
  orderId: string;
  amount: string;
  fiatCurrency: string;
  payUrl: string;
  expiresAt: string | null;
}

/**
 * The message a person sends a customer with the payment link. Its deadline says how long the
 * link stays valid and until when, with the zone named ("valid for 2 hours, until 25 Nov 2026,
 * 22:06 CET"): the customer may read it hours later, somewhere else.
 */
export function paymentMessage(invoice: MessageInvoice, display: DisplayFormatter, now = new Date()): string {
  const ask = `Please pay ${display.fiat(invoice.amount, invoice.fiatCurrency)} for order ${invoice.orderId} here: ${invoice.payUrl}`;
  if (!invoice.expiresAt) return ask;
  const left = new Date(invoice.expiresAt).getTime() - now.getTime();
  const until = display.dateTime(invoice.expiresAt);
  return left > 0
    ? `${ask} The link is valid for ${lifetimeLeft(left)}, until ${until}.`
    : `${ask} The link expired on ${until}.`;
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
