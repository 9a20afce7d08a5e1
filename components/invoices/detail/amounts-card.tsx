import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import { Card } from "@/components/ui/card";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { ExpiryCountdown } from "./expiry-countdown";

export function AmountsCard({ invoice }: { invoice: InvoiceDetail }) {
  const crypto = (value: string | null) => (value && invoice.currency ? `${value} ${invoice.currency}` : "—");
  const items: DetailItem[] = [
    { label: "Amount", value: <strong>{`${invoice.amount} ${invoice.fiatCurrency}`}</strong> },
    {
      label: "Paid",
      value: invoice.paidFiatAmount ? `${invoice.paidFiatAmount} ${invoice.fiatCurrency}` : "—",
    },
    { label: "Crypto amount", value: crypto(invoice.cryptoAmount) },
    { label: "Paid in crypto", value: crypto(invoice.paidCryptoAmount) },
    { label: "Still due", value: crypto(invoice.remainingCryptoAmount) },
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
    {
      label: "Expires",
      value: invoice.expiresAt ? (
        <ExpiryCountdown expiresAt={invoice.expiresAt} isFinal={invoice.isFinal} />
      ) : (
        "—"
      ),
    },
    {
      label: "Service id",
      value: invoice.serviceId ? <code className="text-xs">{invoice.serviceId}</code> : "—",
    },
  ];
  return (
    <Card title="Amounts">
      {invoice.askedDiffers ? (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="asked-differs"
        >
          Paydesk asked for {invoice.askedDiffers.amount} {invoice.askedDiffers.fiatCurrency}, but the service
          already had an invoice with this order id, for {invoice.amount} {invoice.fiatCurrency}: that is what
          the customer is asked to pay. Create a new invoice if the amount must change.
        </p>
      ) : null}
      <DetailList items={items} data-testid="amounts" />
    </Card>
  );
}
