import "server-only";
import { setTimeout as delay } from "node:timers/promises";
import type { Db } from "@/lib/db/types";
import { reportError } from "@/lib/log/report-error";
import type { OutcomeMessage } from "@/lib/outcome/outcome";
import type { ServiceClient } from "@/lib/service";
import { describeSubmit, STILL_SENDING } from "./describe-submit";
import { submitWithdrawal, type SubmitOutcome } from "./submit-withdrawal";

/**
 * How long an approver's click waits for the service. A quick answer is reported as it is; a slow
 * service no longer holds the person (it once took 41 s): the send carries on here, its page
 * follows it, and if this process stops, the sender loop sends it again with the same order id.
 */
export const ANSWER_WITHIN_MS = 3_000;

export async function submitAndAnswer(
  db: Db,
  client: ServiceClient,
  id: string,
  actorId: string,
  within = ANSWER_WITHIN_MS,
): Promise<{ answer: OutcomeMessage; outcome: SubmitOutcome | null }> {
  const submitting = submitWithdrawal(db, client, id, { actorId, source: "user" });
  const timer = new AbortController();
  const outcome = await Promise.race([
    submitting,
    delay(within, null, { signal: timer.signal }).catch(() => null),
  ]).finally(() => timer.abort());
  if (outcome) return { answer: describeSubmit(outcome), outcome };
  submitting.catch((error) =>
    reportError(
      "withdrawals.submit",
      "Sending an approved withdrawal failed after its approver moved on",
      error,
      {
        withdrawalId: id,
      },
    ),
  );
  return { answer: STILL_SENDING, outcome: null };
}
