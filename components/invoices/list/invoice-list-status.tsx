import { Badge } from "@/components/ui/badge";
import type { InvoiceListRow } from "@/lib/invoices/list-invoices";
import {
  asInvoiceStatus,
  INVOICE_STATE_LABELS,
  INVOICE_STATE_TONES,
  invoiceState,
} from "@/lib/invoices/status";

/** The invoice's state in the list's words (the badge's), or why it has none yet. */
export function InvoiceListStatus({
  row,
}: {
  row: Pick<InvoiceListRow, "status" | "resolution" | "creationState">;
}) {
  if (row.creationState === "sending") return <Badge tone="neutral">Not sent yet</Badge>;
  if (row.creationState === "rejected") return <Badge tone="danger">Refused by the service</Badge>;
  const state = invoiceState(asInvoiceStatus(row.status), row.resolution);
  return (
    <Badge tone={INVOICE_STATE_TONES[state]} className="whitespace-nowrap">
      {INVOICE_STATE_LABELS[state]}
    </Badge>
  );
}
