import "server-only";
import { eq } from "drizzle-orm";
import { RuleError } from "@/lib/auth/rule-error";
import { withdrawalApprovals, type Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { withCurrentRequirement } from "./approval-requirement";
import { insertRequest, payoutTermsOf } from "./request-withdrawal";
import { whyRefundNoLongerDue } from "./refund-guard";
import { lockForReview } from "./review";
import { transition } from "./transition";

/**
 * Send again, by someone in finance other than the requester, after the service said no:
 * - refused at creation (failed): the service never created it, so the same request, with the
 *   same order id, goes back to the approval queue for fresh approvals;
 * - failed at the service (service_failed): that order id is spent (the service would only give
 *   back the failed payout), so a new payout with the same terms and a new order id awaits fresh
 *   approvals, and the failed one is closed, handing its share of a refund's invoice over.
 * Either way nobody's earlier approval counts, the requester's never does, and the number of
 * approvals is what the threshold asks for now.
 */
export type SendAgainOutcome = { kind: "reopened" | "resent"; withdrawal: Withdrawal };

export async function sendAgain(db: Db, id: string, deciderId: string): Promise<SendAgainOutcome> {
  return db.transaction(async (tx) => {
    const failed = await lockForReview(tx, id, deciderId);
    if (failed.state === "failed")
      return { kind: "reopened", withdrawal: await reopen(tx, failed, deciderId) };
    if (failed.state === "service_failed") {
      return { kind: "resent", withdrawal: await resend(tx, failed, deciderId) };
    }
    throw new RuleError("Only a payout the service refused or failed can be sent again this way.");
  });
}

async function reopen(tx: Tx, failed: Withdrawal, deciderId: string): Promise<Withdrawal> {
  await tx.delete(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, failed.id));
  await withCurrentRequirement(tx, failed);
  const reopened = await transition(tx, failed.id, {
    event: "reapprove",
    source: "user",
    actorId: deciderId,
    reason: "Sending it again after the service refused it needs fresh approvals.",
    set: { failureKind: null, failureMessage: null },
  });
  if (!reopened) throw new RuleError("It can no longer be sent again: it changed meanwhile.");
  return reopened;
}

async function resend(tx: Tx, failed: Withdrawal, deciderId: string): Promise<Withdrawal> {
  const notDue = await whyRefundNoLongerDue(tx, failed);
  if (notDue) throw new RuleError(`Not sent again: ${notDue} Close it instead.`);
  const resent = await insertRequest(tx, payoutTermsOf(failed), {
    requestedBy: failed.requestedBy,
    // One resend per failed payout: a second click gives back the first resend.
    requestToken: `resend_${failed.id}`,
    reason: `Sent again after the service failed ${failed.orderId}: ${failed.reason}`.slice(0, 500),
    resendOfWithdrawalId: failed.id,
    actorId: deciderId,
  });
  if (!resent) throw new RuleError("It was sent again already.");
  const closed = await transition(tx, failed.id, {
    event: "resend",
    source: "user",
    actorId: deciderId,
    reason: `Sent again as ${resent.orderId}, which awaits fresh approvals.`,
    set: { nothingSentAt: new Date() },
  });
  if (!closed) throw new RuleError("It can no longer be sent again: it changed meanwhile.");
  return resent;
}
