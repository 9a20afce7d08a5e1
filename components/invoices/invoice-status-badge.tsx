import { Badge } from "@/components/ui/badge";
import type { ResolutionKind } from "@/lib/db/schema/enums";
import {
  INVOICE_STATE_LABELS,
  INVOICE_STATE_TONES,
  invoiceState,
  type InvoiceStatus,
} from "@/lib/invoices/status";

/**
 * An invoice's state in one plain word, the same on every page: its status, or Refunded /
 * Resolved / Accepted as paid once its exception was dealt with. The service's own word is not
 * shown here (the invoice page has it in a detail row); it stays on the element for tools.
 */
export function InvoiceStatusBadge({
  status,
  resolution = null,
  serviceStatus,
}: {
  status: InvoiceStatus;
  resolution?: ResolutionKind | null;
  serviceStatus?: string | null;
}) {
  const state = invoiceState(status, resolution);
  return (
    <Badge
      tone={INVOICE_STATE_TONES[state]}
      data-testid="invoice-status"
      data-service-status={serviceStatus ?? undefined}
    >
      {INVOICE_STATE_LABELS[state]}
    </Badge>
  );
}
