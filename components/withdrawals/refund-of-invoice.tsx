"use client";

import Link from "next/link";
import { useDisplay } from "@/components/display/display-provider";
import { EXCEPTION_LABELS } from "@/lib/exceptions/resolution-labels";
import { asInvoiceStatus, INVOICE_STATUS_LABELS } from "@/lib/invoices/status";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/**
 * A refund's invoice as it is now, for whoever decides on the refund: its status, what it
 * received, its exception (or how it was resolved), and why the refund can no longer go out
 * when it cannot (the customer paid the rest meanwhile, someone resolved it otherwise).
 */
export function RefundOfInvoice({ refundOf }: { refundOf: WithdrawalView["refundOf"] }) {
  const display = useDisplay();
  if (!refundOf) return null;
  const exception = refundOf.resolvedAs
    ? `resolved: ${refundOf.resolvedAs.toLowerCase()}`
    : refundOf.exception
      ? `exception: ${EXCEPTION_LABELS[refundOf.exception].toLowerCase()}`
      : "no exception";
  return (
    <div className="grid gap-1 text-sm" data-testid="refund-of-invoice">
      <span>
        Refund of invoice{" "}
        <Link href={`/invoices/${refundOf.invoiceId}`} className="font-mono underline">
          {refundOf.orderId}
        </Link>
      </span>
      <span className="text-xs text-slate-600" data-testid="refund-invoice-now">
        Now <strong>{INVOICE_STATUS_LABELS[asInvoiceStatus(refundOf.status)].toLowerCase()}</strong> ·
        received{" "}
        {refundOf.currency ? display.crypto(refundOf.received, refundOf.currency) : refundOf.received} ·{" "}
        {exception}
      </span>
      {refundOf.notDue ? (
        <span className="text-xs font-medium text-red-700" data-testid="refund-not-due">
          No longer owed: {refundOf.notDue}
        </span>
      ) : null}
    </div>
  );
}
