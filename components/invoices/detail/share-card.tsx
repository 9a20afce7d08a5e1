"use client";

import QRCode from "qrcode";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { copyText } from "@/components/ui/copy-button";
import { showOutcome } from "@/components/ui/outcome-toast";
import { failed } from "@/lib/outcome/outcome";
import { paymentMessage } from "@/lib/invoices/customer-message";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";

const noSubscription = () => () => {};

/** Whether the browser has a native share sheet (phones, some desktops); false on the server. */
function useCanShare(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );
}

/** The payment link and a ready message for the customer, while the invoice can still be paid. */
export function ShareCard({ invoice }: { invoice: InvoiceDetail }) {
  const display = useDisplay();
  const canShare = useCanShare();
  const [qr, setQr] = useState<string>();
  const payUrl = invoice.payUrl;
  useEffect(() => {
    if (!payUrl) return;
    QRCode.toDataURL(payUrl, { width: 320, margin: 2, errorCorrectionLevel: "M" }).then(setQr, () =>
      setQr(undefined),
    );
  }, [payUrl]);

  if (!payUrl) return <Card title="Share with the customer">No payment link yet.</Card>;
  // Written when used, so its "valid for" counts from the moment it is sent.
  const message = () => paymentMessage({ ...invoice, payUrl }, display);

  async function share() {
    try {
      await navigator.share({ title: `Payment for order ${invoice.orderId}`, text: message() });
    } catch (error) {
      // Closing the sheet without choosing is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      showOutcome(failed("Could not open the share sheet: copy the message instead."));
    }
  }

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
          {canShare ? (
            <Button size="sm" onClick={share}>
              Share…
            </Button>
          ) : null}
          <Button
            size="sm"
            variant={canShare ? "secondary" : "primary"}
            onClick={() => copyText(payUrl, "Payment link")}
          >
            Copy link
          </Button>
          <Button size="sm" variant="secondary" onClick={() => copyText(message(), "Message")}>
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
