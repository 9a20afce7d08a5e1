"use client";

import QRCode from "qrcode";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { copyText } from "@/components/ui/copy-button";
import { showOutcome } from "@/components/ui/outcome-toast";
import { failed } from "@/lib/outcome/outcome";
import {
  customerMessage,
  customerMessageText,
  type CustomerFacts,
  type CustomerMessageKind,
} from "@/lib/invoices/customer-message";
import { formatCrypto } from "@/lib/display/money";
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

const TITLES: Record<CustomerMessageKind, string> = {
  pay: "Share with the customer",
  pay_rest: "Ask the customer for the rest",
  receipt: "Message the customer",
  refund: "Message the customer",
};

/** The minute, on the client only: the message's "valid for" counts from when it is read and sent. */
function useMinute(): number | null {
  return useSyncExternalStore(
    (changed) => {
      const timer = setInterval(changed, 15_000);
      return () => clearInterval(timer);
    },
    () => Math.floor(Date.now() / 60_000),
    () => null,
  );
}

/**
 * What to send the customer, as the invoice stands (lib/invoices/customer-message.ts): the payment
 * link with its QR code while it can be paid, and the one message that fits, shown as it will be
 * sent. An underpaid invoice asks only for what is missing.
 */
export function ShareCard({
  invoice,
  kind,
  refund = null,
}: {
  invoice: InvoiceDetail;
  kind: CustomerMessageKind;
  refund?: CustomerFacts["refund"];
}) {
  const canShare = useCanShare();
  const minute = useMinute();
  const [qr, setQr] = useState<string>();
  const payUrl = kind === "pay" || kind === "pay_rest" ? invoice.payUrl : null;
  useEffect(() => {
    if (!payUrl) return;
    QRCode.toDataURL(payUrl, { width: 320, margin: 2, errorCorrectionLevel: "M" }).then(setQr, () =>
      setQr(undefined),
    );
  }, [payUrl]);

  const facts: CustomerFacts = {
    ...invoice,
    paidAt: invoice.transactions.at(-1)?.firstSeenAt ?? null,
    refund,
  };
  // Written when used, so its "valid for" counts from the moment it is sent.
  const message = () => customerMessageText(customerMessage(kind, facts));
  const title = TITLES[kind];
  if ((kind === "pay" || kind === "pay_rest") && !payUrl)
    return <Card title={title}>No payment link yet.</Card>;

  async function share() {
    try {
      await navigator.share({ title: `Order ${invoice.orderId}`, text: message() });
    } catch (error) {
      // Closing the sheet without choosing is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      showOutcome(failed("Could not open the share sheet: copy the message instead."));
    }
  }

  const missing =
    kind === "pay_rest" && invoice.remainingCryptoAmount && invoice.currency
      ? formatCrypto(invoice.remainingCryptoAmount, invoice.currency, "en-US")
      : null;
  return (
    <Card title={title}>
      <div className="grid gap-2">
        {missing ? (
          <p className="font-semibold text-amber-800" data-testid="still-to-pay">
            Still to pay: {missing}. The message asks only for this, to the same address.
          </p>
        ) : null}
        <p className="text-sm text-slate-500" id={`customer-message-label-${invoice.id}`}>
          Message for the customer
        </p>
        <p
          className="min-h-16 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
          aria-labelledby={`customer-message-label-${invoice.id}`}
          data-testid="customer-message"
          role="note"
        >
          {minute === null ? "" : message()}
        </p>
        {payUrl ? (
          <>
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
          </>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canShare ? (
            <Button size="sm" onClick={share}>
              Share…
            </Button>
          ) : null}
          <Button
            size="sm"
            variant={canShare || kind === "pay" ? "secondary" : "primary"}
            onClick={() => copyText(message(), "Message")}
          >
            Copy message
          </Button>
          {payUrl ? (
            <>
              <Button
                size="sm"
                variant={canShare || kind !== "pay" ? "secondary" : "primary"}
                onClick={() => copyText(payUrl, "Payment link")}
              >
                Copy link
              </Button>
              <Button size="sm" variant="secondary" asChild>
                <a href={payUrl} target="_blank" rel="noopener noreferrer">
                  Open payment page
                </a>
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {qr && payUrl ? (
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
