import { Badge } from "@/components/ui/badge";
import { INVOICE_STATUS_LABELS, INVOICE_STATUS_TONES, type InvoiceStatus } from "@/lib/invoices/status";

export function InvoiceStatusBadge({
  status,
  serviceStatus,
}: {
  status: InvoiceStatus;
  serviceStatus?: string | null;
}) {
  return (
    <Badge
      tone={INVOICE_STATUS_TONES[status]}
      title={serviceStatus ? `Service status: ${serviceStatus}` : undefined}
      data-testid="invoice-status"
    >
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
