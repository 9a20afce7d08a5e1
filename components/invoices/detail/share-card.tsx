"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import { Card } from "@/components/ui/card";
import { copyText } from "@/components/ui/copy-button";

export function paymentMessage(invoice: InvoiceDetail): string {
  const expiry = invoice.expiresAt ? ` The link is valid until ${formatDateTime(invoice.expiresAt)}.` : "";
  return `Please pay ${invoice.amount} ${invoice.fiatCurrency} for order ${invoice.orderId} here: ${invoice.payUrl}${expiry}`;
}

export function ShareCard({ invoice }: { invoice: InvoiceDetail }) {
  const [qr, setQr] = useState<string>();
  const payUrl = invoice.payUrl;
  useEffect(() => {
    if (!payUrl) return;
    QRCode.toDataURL(payUrl, { width: 320, margin: 2, errorCorrectionLevel: "M" }).then(setQr, () =>
      setQr(undefined),
    );
  }, [payUrl]);

  if (!payUrl) return <Card title="Share with the customer">No payment link yet.</Card>;
  return (
    <Card title="Share with the customer">
      <div className="grid gap-2">
        <label htmlFor="pay-url" className="text-sm text-slate-500">
          Payment link
        </label>
        <input
          id="pay-url"
          readOnly
          value={payUrl}
          className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => copyText(payUrl, "Payment link")}>
            Copy link
          </Button>
          <Button size="sm" variant="secondary" onClick={() => copyText(paymentMessage(invoice), "Message")}>
            Copy message
          </Button>
          <Button size="sm" variant="secondary" asChild>
            <a href={payUrl} target="_blank" rel="noopener noreferrer">
              Open payment page
            </a>
          </Button>
        </div>
      </div>
      {qr ? (
        <div className="flex flex-wrap items-end gap-4">
          {/* A data URL generated in the browser: next/image has nothing to optimise here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={qr}
            alt="QR code of the payment link"
            width={160}
            height={160}
            className="rounded border border-slate-200"
          />
          <Button size="sm" variant="secondary" asChild>
            <a href={qr} download={`${invoice.orderId}-qr.png`}>
              Download QR (PNG)
            </a>
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
