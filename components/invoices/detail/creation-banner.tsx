"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import { resendInvoiceAction } from "@/lib/invoices/actions";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";

/**
 * For an invoice the service has not confirmed: why, and what can be done. An outcome that is not
 * known (a timeout) can only be sent again exactly as it was: the service may have created it, and
 * would answer a changed request with the original. Only an invoice the service refused may be
 * edited under the same order id.
 */
export function CreationBanner({ invoice, canCreate }: { invoice: InvoiceDetail; canCreate: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (invoice.creationState === "created") return null;

  async function resend() {
    setBusy(true);
    setError(undefined);
    const result = await resendInvoiceAction({ invoiceId: invoice.id });
    if (!result.ok) setError(result.message);
    await queryClient.invalidateQueries({ queryKey: ["invoice", invoice.id] });
    setBusy(false);
  }

  const rejected = invoice.creationState === "rejected";
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-medium">
        {rejected
          ? "The payment service refused this invoice."
          : "This invoice has not reached the payment service yet."}
      </p>
      {invoice.creationError ? <p>{invoice.creationError}</p> : null}
      {invoice.resending ? <ResendingNote resending={invoice.resending} /> : null}
      {error ? <p role="alert">{error}</p> : null}
      {!rejected ? (
        <p>
          The service may have created it already, so it can only be sent again exactly as it was; sending
          again never makes a second invoice.
        </p>
      ) : null}
      {canCreate ? (
        <div className="flex gap-2">
          {rejected ? (
            <Button size="sm" variant="secondary" asChild>
              <Link href={`/invoices/new?from=${invoice.id}&resend=1`}>Edit and send again</Link>
            </Button>
          ) : (
            <Button size="sm" onClick={resend} disabled={busy}>
              {busy ? "Sending…" : "Send again (same order id)"}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** What the loop that resends creations is doing about it: sending again, or stopped. */
function ResendingNote({ resending }: { resending: NonNullable<InvoiceDetail["resending"]> }) {
  const display = useDisplay();
  const attempts = `${resending.attempts} of ${resending.maxAttempts} attempts made`;
  return (
    <p data-testid="creation-resending">
      {resending.nextAt
        ? `Paydesk keeps sending it by itself with the same order id (${attempts}); the next by ${display.dateTime(resending.nextAt)}.`
        : `Paydesk stopped sending it by itself after ${resending.attempts} attempts: it waits for someone to send it again.`}
    </p>
  );
}
