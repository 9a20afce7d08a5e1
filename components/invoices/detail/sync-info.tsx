"use client";

import { ServiceStatus } from "@/components/display/service-status";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";
import { refreshInvoiceAction } from "@/lib/invoices/actions";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";

/**
 * What the service said and when: the one place its own words appear (its id and its raw
 * status), for whoever needs to look the invoice up there.
 */
export function SyncInfo({ invoice, fetchFailed }: { invoice: InvoiceDetail; fetchFailed: boolean }) {
  const display = useDisplay();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function refresh() {
    setBusy(true);
    try {
      const result = await refreshInvoiceAction({ invoiceId: invoice.id });
      if (result.ok)
        showOutcome(
          succeeded(result.data.statusChanged ? "Updated: the status changed." : "Checked: nothing new."),
        );
      else showOutcome(failed(result.message));
      await queryClient.invalidateQueries({ queryKey: ["invoice", invoice.id] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Confirmed with the service"
      action={
        invoice.serviceId ? (
          <Button size="sm" variant="secondary" onClick={refresh} disabled={busy}>
            {busy ? "Checking…" : "Refresh"}
          </Button>
        ) : null
      }
    >
      <p className="text-sm" data-testid="last-synced">
        {invoice.lastSyncedAt
          ? `Last confirmed ${display.dateTime(invoice.lastSyncedAt)}`
          : "Not confirmed yet."}
        {!invoice.isFinal && invoice.creationState === "created"
          ? " · updates by itself while this page is open"
          : ""}
      </p>
      <DetailList
        size="compact"
        items={[
          {
            label: "Service id",
            value: invoice.serviceId ? <code className="break-all text-xs">{invoice.serviceId}</code> : "—",
          },
          {
            label: "Service status",
            value: (
              <ServiceStatus subject="invoice" status={invoice.serviceStatus} data-testid="service-status" />
            ),
          },
        ]}
      />
      {fetchFailed ? (
        <p role="alert" className="text-sm text-amber-700">
          Lost contact with Paydesk; showing the last known state. Retrying…
        </p>
      ) : null}
    </Card>
  );
}
