"use client";

import { useDisplay } from "@/components/display/display-provider";
import { Card } from "@/components/ui/card";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import { ExpiryCountdown } from "./expiry-countdown";

/**
 * The invoice's amounts and terms. "Still due" only while something is due (never "0 USDT" on an
 * overpaid invoice, never once an underpayment was accepted or otherwise resolved); the expiry only while it can still be paid, or when it expired.
 */
export function AmountsCard({
  invoice,
  payable,
  resolved,
}: {
  invoice: InvoiceDetail;
  payable: boolean;
  /** Its exception was resolved (accepted as paid, refunded, marked resolved): nothing is due. */
  resolved: boolean;
}) {
  const display = useDisplay();
  const crypto = (value: string | null) =>
    value && invoice.currency ? display.crypto(value, invoice.currency) : "—";
  const fiat = (value: string | null) => (value ? display.fiat(value, invoice.fiatCurrency) : "—");
  const stillDue =
    !resolved &&
    isPositiveAmount(invoice.remainingCryptoAmount) &&
    (payable || invoice.status === "underpaid");
  const items: DetailItem[] = [
    { label: "Amount", value: <strong>{fiat(invoice.amount)}</strong> },
    { label: "Paid", value: fiat(invoice.paidFiatAmount) },
    { label: "Crypto amount", value: crypto(invoice.cryptoAmount) },
    { label: "Paid in crypto", value: crypto(invoice.paidCryptoAmount) },
    ...(stillDue ? [{ label: "Still due", value: crypto(invoice.remainingCryptoAmount) }] : []),
    {
      label: "Method",
      value: invoice.currency
        ? `${invoice.currency} on ${invoice.network ?? "?"}`
        : "Customer chooses on the payment page",
    },
    {
      label: "Wallet",
      value: invoice.wallet ? <code className="break-all text-xs">{invoice.wallet}</code> : "—",
    },
    { label: "Customer", value: invoice.customerId ?? "—" },
    { label: "Payments", value: invoice.isPaymentMultiple ? "Several allowed" : "One payment" },
    ...(invoice.expiresAt && payable && !resolved
      ? [{ label: "Expires", value: <ExpiryCountdown expiresAt={invoice.expiresAt} /> }]
      : invoice.expiresAt && invoice.status === "expired"
        ? [{ label: "Expired", value: display.dateTime(invoice.expiresAt) }]
        : []),
  ];
  return (
    <Card title="Amounts">
      {invoice.askedDiffers ? (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="asked-differs"
        >
          Paydesk asked for {display.fiat(invoice.askedDiffers.amount, invoice.askedDiffers.fiatCurrency)},
          but the service already had an invoice with this order id, for {fiat(invoice.amount)}: that is what
          the customer is asked to pay. Create a new invoice if the amount must change.
        </p>
      ) : null}
      {invoice.heldBefore ? (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="held-before"
        >
          The service already had an invoice with this order id
          {invoice.heldBefore.createdAt ? `, made ${display.dateTime(invoice.heldBefore.createdAt)}` : ""}
          {isPositiveAmount(invoice.heldBefore.paidCryptoAmount)
            ? `, with ${crypto(invoice.heldBefore.paidCryptoAmount)} paid on it before Paydesk sent this one`
            : ""}
          . Its status and payments are that invoice&apos;s: check where the money came from before counting
          it.
        </p>
      ) : null}
      <DetailList items={items} data-testid="amounts" />
    </Card>
  );
}
