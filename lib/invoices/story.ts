import type { ResolutionKind } from "@/lib/db/schema/enums";

/**
 * What happened to an invoice besides what the service told about it (its events): the refunds
 * of it and how its exception was resolved. The invoice page's timeline weaves them in by time.
 */
export type RefundStep =
  "requested" | "approved" | "rejected" | "cancelled" | "paid_out" | "failed" | "needs_review" | "closed";

interface StoryBase {
  id: string;
  /** ISO 8601. */
  at: string;
  /** The person's email; null for the background check or a webhook (see `source`). */
  actor: string | null;
  source: "user" | "loop" | "webhook";
}

export interface RefundStoryEntry extends StoryBase {
  kind: "refund";
  step: RefundStep;
  refundId: string;
  orderId: string;
  amount: string | null;
  currency: string;
  note: string | null;
}

export interface ResolutionStoryEntry extends StoryBase {
  kind: "resolution";
  how: ResolutionKind;
  note: string;
}

export type StoryEntry = RefundStoryEntry | ResolutionStoryEntry;
