import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { auditLog, type WithdrawalState } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { RefundStep, RefundStoryEntry } from "./refund-story";

const SOURCE_OF_ACTOR: Record<string, RefundStoryEntry["source"]> = {
  user: "user",
  cli: "user",
  system: "loop",
  webhook: "webhook",
};

/** The steps of a refund the invoice's story tells, from its trail's moves (lib/withdrawals/trail.ts). */
export function refundStep(
  action: string,
  from: WithdrawalState | null,
  to: WithdrawalState | null,
): RefundStep | null {
  switch (action) {
    case "withdrawal.requested":
      return "requested";
    case "withdrawal.approved":
      return "approved";
    case "withdrawal.rejected":
      return "rejected";
    case "withdrawal.cancelled":
      return "cancelled";
    case "withdrawal.recorded_paid":
      return "paid_out";
    case "withdrawal.closed":
      return "closed";
  }
  // Everything else is the service's news: only a move to another state is part of the story.
  if (action !== "withdrawal.state_changed" || to === null || to === from) return null;
  if (to === "paid") return "paid_out";
  if (to === "failed" || to === "service_failed") return "failed";
  if (to === "needs_review" || to === "conflict") return "needs_review";
  return null;
}

/**
 * The refunds of an invoice as steps of its story: requested, approved, paid out … with who and
 * when, read from each refund's trail in the audit log (one index lookup per refund).
 */
export async function refundHistory(
  db: DbOrTx,
  refunds: readonly { id: string; orderId: string; amount: string | null }[],
  currency: string,
): Promise<RefundStoryEntry[]> {
  if (refunds.length === 0) return [];
  const byId = new Map(refunds.map((refund) => [refund.id, refund]));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, "withdrawal"), inArray(auditLog.objectId, [...byId.keys()])))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.flatMap((row) => {
    const refund = byId.get(row.objectId ?? "");
    const from = (row.before as { state?: WithdrawalState } | null)?.state ?? null;
    const to = (row.after as { state?: WithdrawalState } | null)?.state ?? null;
    const step = refundStep(row.action, from, to);
    if (!refund || !step) return [];
    return [
      {
        kind: "refund" as const,
        step,
        id: row.id,
        at: row.createdAt.toISOString(),
        actor: row.actorEmail,
        source: SOURCE_OF_ACTOR[row.actorKind] ?? "user",
        refundId: refund.id,
        orderId: refund.orderId,
        amount: refund.amount,
        currency,
        note: row.note,
      },
    ];
  });
}
