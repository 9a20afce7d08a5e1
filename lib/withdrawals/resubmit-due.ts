import "server-only";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { claimDueWithdrawals } from "./claim-due-withdrawals";
import { submitLeaseMs, submitWithdrawal, type SubmitOutcome } from "./submit-withdrawal";
import { transition } from "./transition";

/**
 * One round of the loop that takes every withdrawal to an answer from the service:
 * - "unknown" ones whose next attempt is due are sent again, with the same order_id;
 * - "submitting" ones whose lease ran out (the process died mid-call) become unknown, then the same;
 * - "approved" ones nobody sent (a crash between approval and submission) are sent.
 * Rows are claimed by claimDueWithdrawals, so instances sharing one database split the work; even
 * without that, submitWithdrawal's conditional move into "submitting" lets only one caller send.
 */
export async function resubmitDueWithdrawals(db: Db, client: ServiceClient, limit = 20, now = new Date()) {
  const claimed = await claimDueWithdrawals(db, { limit, now, leaseMs: submitLeaseMs(client) });

  const outcomes: SubmitOutcome[] = [];
  for (const { id, state } of claimed) {
    if (state === "submitting") {
      await transition(db, id, {
        event: "submit_unknown",
        source: "loop",
        reason: "The submitter stopped before the service answered; sending again with the same order id.",
      });
    }
    outcomes.push(await submitWithdrawal(db, client, id, { source: "loop" }));
  }
  return outcomes;
}
