import { Badge } from "@/components/ui/badge";
import type { InvoiceListRow } from "@/lib/invoices/list-invoices";
import {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUS_TONES,
  INVOICE_STATUSES,
  type InvoiceStatus,
} from "@/lib/invoices/status";

const isKnown = (status: string): status is InvoiceStatus =>
  (INVOICE_STATUSES as readonly string[]).includes(status);

/** The normalised status, with the service's own word in the tooltip; or why there is none yet. */
export function InvoiceListStatus({
  row,
}: {
  row: Pick<InvoiceListRow, "status" | "serviceStatus" | "creationState">;
}) {
  if (row.creationState === "sending") return <Badge tone="neutral">Not sent yet</Badge>;
  if (row.creationState === "rejected") return <Badge tone="danger">Refused by the service</Badge>;
  const status = isKnown(row.status) ? row.status : "unknown";
  const title = row.serviceStatus ? `Service status: ${row.serviceStatus}` : undefined;
  return (
    <Badge tone={INVOICE_STATUS_TONES[status]} title={title}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
