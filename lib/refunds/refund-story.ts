/** The steps of a refund an invoice's timeline tells (lib/refunds/refund-history.ts). */
export type RefundStep =
  "requested" | "approved" | "rejected" | "cancelled" | "paid_out" | "failed" | "needs_review" | "closed";

export interface RefundStoryEntry {
  kind: "refund";
  id: string;
  /** ISO 8601. */
  at: string;
  /** The person's email; null for the background check or a webhook (see `source`). */
  actor: string | null;
  source: "user" | "loop" | "webhook";
  step: RefundStep;
  refundId: string;
  orderId: string;
  amount: string | null;
  currency: string;
  note: string | null;
}
