import "server-only";
import { eq, sql } from "drizzle-orm";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db, DbOrTx, Tx } from "@/lib/db/types";
import {
  isServiceError,
  type ServiceClient,
  type ServiceError,
  type ServiceWithdrawal,
  type ValidationFailed,
} from "@/lib/service";
import { leaseCoveringCall } from "@/lib/service/call-lease";
import { MAX_SEND_ATTEMPTS, resendDelayMs } from "@/lib/service/resend-backoff";
import type { CreateWithdrawalInput } from "@/lib/service/schemas";
import { answerDiffers } from "./answer-check";
import { applyServiceReport } from "./apply-service-report";
import { claimForSubmission } from "./claim-for-submission";
import { flagIfPredecessorPaid } from "./resend-chain";
import { classifyServiceStatus, isNewerServiceStatus } from "./service-status";
import { staleDeadline } from "./stale-deadline";
import { wasEverIn } from "./trail";
import { transition } from "./transition";

/**
 * After this many attempts whose outcome stayed unknown (about 70 minutes with the waits below),
 * the loop stops and the withdrawal needs review: someone in finance, not the requester, checks
 * with the service and keeps retrying or closes it (review.ts).
 */
export const MAX_SUBMIT_ATTEMPTS = MAX_SEND_ATTEMPTS;

/** When the background loop tries again after an unknown outcome: 4 s doubling to 5 minutes. */
export const resubmitDelayMs = resendDelayMs;

/**
 * While a submitter waits for the service, the row is leased: past the lease (the process died
 * mid-call), the resubmit round takes it over; the lease covers the client's worst-case call.
 */
export const submitLeaseMs = leaseCoveringCall;

/** Errors after which the service did not create the withdrawal on this attempt: fix, then retry. */
const REFUSALS = new Set([
  "insufficient_funds",
  "validation_failed",
  "invalid_sign",
  "unauthorized",
  "not_found",
]);

export type SubmitOutcome =
  | { result: "submitted" | "failed" | "unknown"; withdrawal: Withdrawal }
  /**
   * A conflict: the service answered with another payout (order id, address, currency or amount),
   * contradicted itself while it was being sent, or an earlier payout of its chain may have been paid.
   */
  | { result: "conflict"; withdrawal: Withdrawal }
  /** Too few approvals count now (an approver disabled or demoted, a raised threshold): not sent. */
  | { result: "approvals_lapsed"; withdrawal: Withdrawal }
  /** A refund its invoice no longer owes: back to its requester, not sent. */
  | { result: "refund_returned"; withdrawal: Withdrawal }
  /** Sent again for a payout that may have been paid after all: back to its requester, not sent. */
  | { result: "predecessor_paid"; withdrawal: Withdrawal }
  /** Someone else is submitting it, or it is not in a state that can be submitted. */
  | { result: "not_mine" };

/**
 * Sends an approved (or unknown, or failed) withdrawal to the service, exactly once at a time:
 * only the caller whose conditional update moves it into "submitting" calls the service, and only
 * while its approvals still count (claim-for-submission.ts). Every
 * attempt sends the same order_id, so a repeat after a timeout returns the payout already made.
 */
export async function submitWithdrawal(
  db: Db,
  client: ServiceClient,
  id: string,
  actor: { actorId?: string; source: "user" | "loop" },
): Promise<SubmitOutcome> {
  const claim = await claimForSubmission(db, id, actor, {
    submitAttempts: sql`${withdrawals.submitAttempts} + 1`,
    nextSubmitAt: new Date(Date.now() + submitLeaseMs(client)),
  });
  if (claim.result !== "claimed") return claim;
  const claimed = claim.withdrawal;

  try {
    const remote = await client.createWithdrawal(serviceInput(claimed));
    const differs = answerDiffers(claimed, remote);
    if (differs) {
      const conflict = await transition(db, id, {
        event: "submit_conflict",
        ...actor,
        reason: differs,
        detail: {
          answer: { id: remote.id, orderId: remote.orderId, address: remote.address, amount: remote.amount },
        },
        set: { reviewReason: differs, nextSubmitAt: null },
      });
      return conflict ? { result: "conflict", withdrawal: conflict } : keepTheAnswer(db, claimed, remote);
    }
    const submitted = await movedAndChainChecked(db, actor.source, (tx) =>
      transition(tx, id, {
        event: "submit_succeeded",
        ...actor,
        detail: { serviceId: remote.id },
        set: {
          serviceId: remote.id,
          serviceAmount: remote.amount,
          serviceFee: remote.fee ?? null,
          servicePayoutAmount: remote.payoutAmount ?? null,
          serviceCreatedAt: remote.createdAt,
          serviceUpdatedAt: remote.updatedAt,
          failureKind: null,
          failureMessage: null,
          nextSubmitAt: null,
          staleAt: staleDeadline(new Date()),
        },
      }),
    );
    if (!submitted) return keepTheAnswer(db, claimed, remote);
    const settled = await settleWhatTheServiceSaid(db, submitted, remote.status);
    return { result: settled.state === "conflict" ? "conflict" : "submitted", withdrawal: settled };
  } catch (error) {
    if (!isServiceError(error)) {
      await markUnknown(db, id, actor, claimed.submitAttempts, "Unexpected error while submitting");
      throw error;
    }
    // After an attempt whose outcome was unknown, a refusal does not prove that nothing was paid
    // (the first attempt may have been), so it stays unknown and keeps being confirmed.
    if (REFUSALS.has(error.kind) && !(await hadUnknownOutcome(db, id))) {
      const failed = await transition(db, id, {
        event: "submit_failed",
        ...actor,
        reason: error.userMessage,
        detail: { kind: error.kind, fields: fieldErrorsOf(error) },
        set: { failureKind: error.kind, failureMessage: describeRefusal(error), nextSubmitAt: null },
      });
      return failed ? { result: "failed", withdrawal: failed } : { result: "not_mine" };
    }
    const unknown = await movedAndChainChecked(db, actor.source, (tx) =>
      markUnknown(tx, id, actor, claimed.submitAttempts, error.userMessage, error.kind),
    );
    if (!unknown) return { result: "not_mine" };
    const settled = await settleWhatTheServiceSaid(db, unknown);
    return { result: settled.state === "conflict" ? "conflict" : "unknown", withdrawal: settled };
  }
}

/**
 * What the service said while the call was in flight (a webhook during "submitting", left for the
 * submitter) or in its answer, applied now that the call is over: a final status settles the
 * payout at once instead of leaving it submitted until the next report.
 */
async function settleWhatTheServiceSaid(
  db: Db,
  row: Withdrawal,
  answered?: string | null,
): Promise<Withdrawal> {
  const word = answered && isNewerServiceStatus(row.serviceStatus, answered) ? answered : row.serviceStatus;
  let settled = row;
  if (word && (word !== row.serviceStatus || classifyServiceStatus(word).final)) {
    const applied = await applyServiceReport(db, { orderId: row.orderId, status: word }, "loop");
    if ("withdrawal" in applied) settled = applied.withdrawal;
  }
  // An answer whose final word is not the one applied (a "fail" report came first, then the answer
  // says paid) is news too: applied as a report, it makes the payout a conflict.
  if (answered && answered !== word && classifyServiceStatus(answered).final) {
    const applied = await applyServiceReport(db, { orderId: row.orderId, status: answered }, "loop");
    if ("withdrawal" in applied) settled = applied.withdrawal;
  }
  return settled;
}

/**
 * Moves the payout after the service's answer and, in the same transaction, makes it a conflict
 * when an earlier payout of its chain may have been paid meanwhile (stopSuccessorsOf leaves a
 * payout being sent to its submitter): a crash between the two cannot leave it unflagged.
 */
function movedAndChainChecked(
  db: Db,
  source: "user" | "loop",
  move: (tx: Tx) => Promise<Withdrawal | null>,
): Promise<Withdrawal | null> {
  return db.transaction(async (tx) => {
    const moved = await move(tx);
    return moved && flagIfPredecessorPaid(tx, moved, source);
  });
}

/**
 * The payout moved while the service answered (a report that contradicted Paydesk made it a
 * conflict, and a person may even have settled that since): what the answer says is applied as a
 * report, so it is compared and stored like any other word of the service, never lost.
 */
async function keepTheAnswer(db: Db, claimed: Withdrawal, remote: ServiceWithdrawal): Promise<SubmitOutcome> {
  const [current] = await db.select().from(withdrawals).where(eq(withdrawals.id, claimed.id));
  const status = remote.status ?? current?.serviceStatus;
  if (!current || !status) return { result: "not_mine" };
  const applied = await applyServiceReport(
    db,
    {
      orderId: claimed.orderId,
      status,
      serviceId: remote.id,
      amount: remote.amount,
      address: remote.address,
      currency: remote.currency,
      network: remote.network,
      fee: remote.fee,
      payoutAmount: remote.payoutAmount,
    },
    "loop",
  );
  const now = "withdrawal" in applied ? applied.withdrawal : current;
  return now.state === "conflict" ? { result: "conflict", withdrawal: now } : { result: "not_mine" };
}

async function markUnknown(
  db: DbOrTx,
  id: string,
  actor: { actorId?: string; source: "user" | "loop" },
  attempts: number,
  message: string,
  kind = "unexpected",
) {
  const unknown = await transition(db, id, {
    event: "submit_unknown",
    ...actor,
    reason: `${message} The payout may or may not have been made; it will be sent again with the same order id until the service answers.`,
    detail: { kind },
    set: {
      failureKind: kind,
      failureMessage: message,
      nextSubmitAt: new Date(Date.now() + resubmitDelayMs(attempts)),
    },
  });
  if (!unknown || attempts < MAX_SUBMIT_ATTEMPTS) return unknown;
  return (
    (await transition(db, id, {
      event: "give_up",
      source: "loop",
      reason: `No answer from the service after ${attempts} attempts: someone in finance other than the requester checks with the service, then keeps retrying or closes it.`,
      set: { nextSubmitAt: null },
    })) ?? unknown
  );
}

function hadUnknownOutcome(db: Db, id: string): Promise<boolean> {
  return wasEverIn(db, id, "unknown");
}

function serviceInput(withdrawal: Withdrawal): CreateWithdrawalInput {
  return {
    orderId: withdrawal.orderId,
    address: withdrawal.address,
    isSubtract: withdrawal.isSubtract,
    amount: withdrawal.amount ?? undefined,
    fiatAmount: withdrawal.fiatAmount ?? undefined,
    fiatCurrency: withdrawal.fiatCurrency ?? undefined,
    currency: withdrawal.currency,
    network: withdrawal.network,
    additionalData: withdrawal.customerId ? { user_id: withdrawal.customerId } : undefined,
  };
}

function fieldErrorsOf(error: ServiceError) {
  return error.kind === "validation_failed" ? (error as ValidationFailed).fieldErrors : undefined;
}

function describeRefusal(error: ServiceError): string {
  const fields = fieldErrorsOf(error);
  const details = fields ? Object.values(fields).flat().join(" ") : "";
  return details ? `${error.userMessage} ${details}` : error.userMessage;
}
