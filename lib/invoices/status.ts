import type { ResolutionKind } from "@/lib/db/schema/enums";

/**
 * The service's invoice statuses, normalised to the few a person acts on. The service's own word
 * is kept for those who need it (a detail row on the invoice page); a status we have never seen
 * is treated as not final, so the invoice keeps being refreshed until it settles into something
 * we know.
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

/** Every service word for an invoice that Paydesk knows (the label table must cover them). */
export const KNOWN_INVOICE_SERVICE_STATUSES = Object.keys(KNOWN);

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

/**
 * What a person reads about an invoice: its status, or once its exception was resolved, how. An
 * overpaid invoice whose excess (or whole payment) was paid back is Refunded; one marked
 * resolved is Resolved; an underpayment accepted as paid says so. New money reopens an exception
 * and the invoice reads its status again. Derived, never stored: the status column stays the
 * service's word, normalised.
 */
export type InvoiceState = InvoiceStatus | "refunded" | "resolved" | "accepted_as_paid";

const EXCEPTION_STATUSES: readonly InvoiceStatus[] = ["overpaid", "underpaid", "expired"];

const STATE_OF_RESOLUTION: Record<ResolutionKind, InvoiceState> = {
  refunded: "refunded",
  marked_resolved: "resolved",
  accepted_as_paid: "accepted_as_paid",
};

/** The state of an invoice with this status and the resolution in force (null: none). */
export function invoiceState(status: InvoiceStatus, resolution: ResolutionKind | null): InvoiceState {
  if (resolution && EXCEPTION_STATUSES.includes(status)) return STATE_OF_RESOLUTION[resolution];
  return status;
}

/** One label per state, in every place: badge, list, timeline, filters and counts. */
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  open: "Open",
  paid: "Paid",
  overpaid: "Overpaid",
  underpaid: "Underpaid",
  expired: "Expired",
  failed: "Failed",
  unknown: "Unknown",
  refunded: "Refunded",
  resolved: "Resolved",
  accepted_as_paid: "Accepted as paid",
};

export const INVOICE_STATE_TONES = {
  open: "info",
  paid: "success",
  overpaid: "warning",
  underpaid: "warning",
  expired: "neutral",
  failed: "danger",
  unknown: "neutral",
  refunded: "neutral",
  resolved: "neutral",
  accepted_as_paid: "success",
} as const satisfies Record<InvoiceState, "info" | "success" | "warning" | "neutral" | "danger">;

/** The labels and tones of the statuses alone (a filter by status, counts by status): the same words. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = INVOICE_STATE_LABELS;
export const INVOICE_STATUS_TONES: Record<InvoiceStatus, (typeof INVOICE_STATE_TONES)[InvoiceState]> =
  INVOICE_STATE_TONES;
