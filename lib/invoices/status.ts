/**
 * The service's invoice statuses, normalised to the few a person acts on. The service's own word
 * is always kept and shown beside it; a status we have never seen is shown as it is and treated as
 * not final, so the invoice keeps being refreshed until it settles into something we know.
 */
export const INVOICE_STATUSES = [
  "open",
  "paid",
  "overpaid",
  "underpaid",
  "expired",
  "failed",
  "unknown",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

interface Normalised {
  status: InvoiceStatus;
  isFinal: boolean;
}

const KNOWN: Record<string, Normalised> = {
  pending: { status: "open", isFinal: false },
  paid: { status: "paid", isFinal: true },
  paid_over: { status: "overpaid", isFinal: true },
  wrong_amount_waiting: { status: "underpaid", isFinal: false },
  wrong_amount: { status: "underpaid", isFinal: true },
  cancel: { status: "expired", isFinal: true },
  fail: { status: "failed", isFinal: true },
  // Spellings other deployments of the service are known to use.
  process: { status: "open", isFinal: false },
  check: { status: "open", isFinal: false },
  overpaid: { status: "overpaid", isFinal: true },
  underpaid: { status: "underpaid", isFinal: false },
  expired: { status: "expired", isFinal: true },
  cancelled: { status: "expired", isFinal: true },
  canceled: { status: "expired", isFinal: true },
  failed: { status: "failed", isFinal: true },
  system_fail: { status: "failed", isFinal: true },
};

export function normaliseInvoiceStatus(serviceStatus: string | null | undefined): Normalised {
  if (!serviceStatus) return { status: "open", isFinal: false };
  const key = serviceStatus
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return KNOWN[key] ?? { status: "unknown", isFinal: false };
}

/** A stored status as the type it is: only normaliseInvoiceStatus writes the column. */
export function asInvoiceStatus(stored: string): InvoiceStatus {
  return INVOICE_STATUSES.find((status) => status === stored) ?? "unknown";
}

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: "Open",
  paid: "Paid",
  overpaid: "Overpaid",
  underpaid: "Underpaid",
  expired: "Expired",
  failed: "Failed",
  unknown: "Unknown",
};

export const INVOICE_STATUS_TONES = {
  open: "info",
  paid: "success",
  overpaid: "warning",
  underpaid: "warning",
  expired: "neutral",
  failed: "danger",
  unknown: "neutral",
} as const satisfies Record<InvoiceStatus, "info" | "success" | "warning" | "neutral" | "danger">;
