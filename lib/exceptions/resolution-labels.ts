import type { ResolutionKind } from "@/lib/db/schema/enums";
import type { ExceptionKind } from "./exception-status";

/** How an exception was resolved, in words: pages, messages and the CSV say it the same way. */
export const RESOLUTION_LABELS: Record<ResolutionKind, string> = {
  refunded: "Refunded",
  accepted_as_paid: "Accepted as paid",
  marked_resolved: "Marked resolved",
};

/** What kind of exception an invoice is, in words. */
export const EXCEPTION_LABELS: Record<ExceptionKind, string> = {
  overpaid: "Overpaid",
  underpaid: "Underpaid",
  expired_with_payment: "Paid after it expired",
};
