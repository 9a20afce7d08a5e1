"use client";

import { useDisplay } from "@/components/display/display-provider";
import { Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import type { InvoiceLedger } from "@/lib/ledger-lines/read-lines";
import { LedgerLinesTable } from "./ledger-lines-table";
import { useLedger } from "./use-ledger";

/**
 * The invoice's lines in the books (its payments and its refunds' moves), with what they add up
 * to: received, refunded, held by refunds on their way, and what is left to refund.
 */
export function InvoiceLedgerCard({
  invoiceId,
  initial,
  freshness,
}: {
  invoiceId: string;
  initial: InvoiceLedger;
  /** Changes when the invoice or one of its refunds moved: the ledger is read again then. */
  freshness: string;
}) {
  const display = useDisplay();
  const ledger = useLedger(`/api/invoices/${invoiceId}/ledger`, initial, freshness);
  return (
    <Card title="Ledger">
      <LedgerLinesTable lines={ledger.lines} notShown={ledger.notShown} />
      {ledger.lines.length > 0
        ? ledger.figures.map((figures) => {
            const money = (amount: string) => display.crypto(amount, figures.currency);
            return (
              <div key={figures.currency} className="grid gap-2">
                <h3 className="text-sm font-medium">What it adds up to in {figures.currency}</h3>
                <DetailList
                  size="wide"
                  data-testid="ledger-figures"
                  items={[
                    { label: "Received", value: money(figures.received) },
                    { label: "Refunded", value: money(figures.refunded) },
                    { label: "Held by refunds on their way", value: money(figures.held) },
                    { label: "Left to refund", value: money(figures.leftToRefund) },
                  ]}
                />
              </div>
            );
          })
        : null}
    </Card>
  );
}
