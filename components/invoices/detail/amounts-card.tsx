import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import { Card } from "@/components/ui/card";
import { ExpiryCountdown } from "./expiry-countdown";

export function AmountsCard({ invoice }: { invoice: InvoiceDetail }) {
  const crypto = (value: string | null) => (value && invoice.currency ? `${value} ${invoice.currency}` : "—");
  const rows: Array<[string, React.ReactNode]> = [
    ["Amount", <strong key="amount">{`${invoice.amount} ${invoice.fiatCurrency}`}</strong>],
    ["Paid", invoice.paidFiatAmount ? `${invoice.paidFiatAmount} ${invoice.fiatCurrency}` : "—"],
    ["Crypto amount", crypto(invoice.cryptoAmount)],
    ["Paid in crypto", crypto(invoice.paidCryptoAmount)],
    ["Still due", crypto(invoice.remainingCryptoAmount)],
    [
      "Method",
      invoice.currency
        ? `${invoice.currency} on ${invoice.network ?? "?"}`
        : "Customer chooses on the payment page",
    ],
    [
      "Wallet",
      invoice.wallet ? (
        <code className="break-all text-xs" key="wallet">
          {invoice.wallet}
        </code>
      ) : (
        "—"
      ),
    ],
    ["Customer", invoice.customerId ?? "—"],
    ["Payments", invoice.isPaymentMultiple ? "Several allowed" : "One payment"],
    [
      "Expires",
      invoice.expiresAt ? (
        <ExpiryCountdown key="exp" expiresAt={invoice.expiresAt} isFinal={invoice.isFinal} />
      ) : (
        "—"
      ),
    ],
    [
      "Service id",
      invoice.serviceId ? (
        <code className="text-xs" key="sid">
          {invoice.serviceId}
        </code>
      ) : (
        "—"
      ),
    ],
  ];
  return (
    <Card title="Amounts">
      <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm" data-testid="amounts">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
