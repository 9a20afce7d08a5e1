/**
 * The one label table for the payment service's words: its invoice statuses, its withdrawal
 * statuses and what Paydesk made of each webhook. Every place that shows one (invoice and
 * withdrawal detail, conflicts, notifications, webhook panels, the audit trail) reads it here, so
 * a person never reads "paid_over" or "check". A word the table does not know reads as a plain
 * phrase; the word itself is shown only in a details panel (`unrecognised`).
 */
export const INVOICE_SERVICE_STATUS_LABELS: Record<string, string> = {
  pending: "Waiting for payment",
  process: "Payment being processed",
  check: "Payment being checked",
  paid: "Paid in full",
  paid_over: "Paid more than asked",
  overpaid: "Paid more than asked",
  wrong_amount_waiting: "Paid less than asked; the link still takes payments",
  underpaid: "Paid less than asked; the link still takes payments",
  wrong_amount: "Paid less than asked",
  cancel: "Closed without full payment",
  expired: "Closed without full payment",
  cancelled: "Closed without full payment",
  canceled: "Closed without full payment",
  fail: "Failed",
  failed: "Failed",
  system_fail: "Failed at the service",
};

export const WITHDRAWAL_SERVICE_STATUS_LABELS: Record<string, string> = {
  process: "Being processed",
  check: "Being checked before sending",
  paid: "Paid out",
  fail: "Failed",
  cancel: "Cancelled by the service",
  system_fail: "Not made: a system failure at the service",
};

export const WEBHOOK_OUTCOME_LABELS = {
  pending: "Waiting to be processed",
  refreshed: "Updated",
  unchanged: "Nothing new",
  conflict: "Conflict",
  unknown_order: "For an order Paydesk did not make",
  failed: "Could not be processed",
  unverified: "Signature not valid",
} as const;

/** What the main text says of a status the table does not know. */
export const UNKNOWN_STATUS_PHRASE = "a status Paydesk does not know";

export interface StatusWords {
  /** The plain words for the main text. */
  label: string;
  /** For a details panel only: "Unrecognised status 'x'", or null when the word is known. */
  unrecognised: string | null;
}

export type ServiceStatusSubject = "invoice" | "withdrawal";

const TABLES: Record<ServiceStatusSubject, Record<string, string>> = {
  invoice: INVOICE_SERVICE_STATUS_LABELS,
  withdrawal: WITHDRAWAL_SERVICE_STATUS_LABELS,
};

/** "Paid-Over " and "paid_over" are one status (as lib/invoices/status.ts reads them). */
function keyOf(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

export function serviceStatusWords(subject: ServiceStatusSubject, status: string): StatusWords {
  const label = TABLES[subject][keyOf(status)];
  if (label) return { label, unrecognised: null };
  return { label: UNKNOWN_STATUS_PHRASE, unrecognised: `Unrecognised status '${status.slice(0, 64)}'` };
}

/** The label alone, for a sentence or a log line: "none" when the service has said nothing yet. */
export function serviceStatusLabel(subject: ServiceStatusSubject, status: string | null): string {
  return status ? serviceStatusWords(subject, status).label : "none yet";
}

export function webhookOutcomeLabel(outcome: string): string {
  return (WEBHOOK_OUTCOME_LABELS as Record<string, string>)[outcome] ?? `an outcome Paydesk does not know`;
}
