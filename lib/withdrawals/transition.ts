import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { AuditAction } from "@/lib/audit/actions";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { followRefunds } from "@/lib/exceptions/follow-refunds";
import { evidenceOf } from "@/lib/ledger/evidence";
import { syncPayoutBooks } from "@/lib/ledger/sync-payout";
import { notifyWithdrawalMove } from "@/lib/notifications/withdrawal-events";
import {
  NEEDS_A_PERSON,
  nextState,
  statesAllowing,
  type WithdrawalEvent,
  type WithdrawalState,
} from "./state-machine";
import { WITHDRAWAL_STATE_LABELS } from "./state-labels";
import { recordTrailEntry } from "./trail";

export interface TransitionInput {
  event: WithdrawalEvent;
  actorId?: string | null;
  source: "user" | "loop" | "webhook";
  reason?: string | null;
  detail?: Record<string, unknown>;
  /** Other columns to set in the same update. */
  set?: PgUpdateSetSource<typeof withdrawals>;
}

/**
 * Moves one withdrawal by `event`, as a conditional update guarded by the states the event may
 * start from, and writes its entry in the audit log in the same transaction. Returns null when the row was
 * not in such a state (someone else moved it first): the caller lost the race and does nothing.
 */
export async function transition(db: DbOrTx, id: string, input: TransitionInput): Promise<Withdrawal | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: withdrawals.state })
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.state, statesAllowing(input.event))))
      .for("update");
    const to = before ? nextState(before.state, input.event) : null;
    if (!before || !to) return null;
    const [after] = await tx
      .update(withdrawals)
      .set({ ...leftBehind(to), ...input.set, state: to, updatedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, before.state)))
      .returning();
    if (!after) return null;
    await syncPayoutBooks(tx, after, evidenceOf(input.source, input.actorId));
    await recordTrailEntry(tx, {
      withdrawalId: id,
      action: auditActionOf(input.event, before.state),
      source: input.source,
      actorId: input.actorId,
      fromState: before.state,
      toState: to,
      reason: input.reason,
      detail: input.detail,
    });
    await notifyWithdrawalMove(tx, after, to, {
      actorId: input.actorId ?? null,
      event: input.event,
      label: WITHDRAWAL_STATE_LABELS[to],
    });
    if (after.refundOfInvoiceId) {
      // The invoice's exception follows what its refunds have paid back, both ways.
      await followRefunds(
        tx,
        input.source,
        { ...after, refundOfInvoiceId: after.refundOfInvoiceId },
        WITHDRAWAL_STATE_LABELS[to],
      );
    }
    return after;
  });
}

/**
 * What a state leaves behind: the stale deadline of a submitted payout, the review of one that
 * needed a person, a proposal to record it paid once it can no longer be (paid, failed, closed).
 */
function leftBehind(to: WithdrawalState): PgUpdateSetSource<typeof withdrawals> {
  return {
    ...(to === "submitted" ? {} : { staleAt: null }),
    ...(NEEDS_A_PERSON.includes(to)
      ? {}
      : { reviewReason: null, closeProposedBy: null, closeProposedAt: null, closeProposedReason: null }),
    ...(statesAllowing("record_paid").includes(to)
      ? {}
      : {
          paidProposedBy: null,
          paidProposedAt: null,
          paidProposedAmount: null,
          paidProposedTxid: null,
          paidProposedNote: null,
        }),
  };
}

/** The audit log's name for a move: people's decisions by name, the rest as state changes. */
function auditActionOf(event: WithdrawalEvent, from: WithdrawalState): AuditAction {
  switch (event) {
    case "approve":
      return "withdrawal.approved";
    case "reject":
    case "refund_returned":
    case "predecessor_paid":
      return "withdrawal.rejected";
    case "cancel":
      return "withdrawal.cancelled";
    case "start_submit":
      return from === "approved" ? "withdrawal.submitted" : "withdrawal.sent_again";
    case "reapprove":
    case "keep_retrying":
      return "withdrawal.sent_again";
    case "close":
    case "resend":
    case "confirm_nothing_sent":
      return "withdrawal.closed";
    case "record_paid":
      return "withdrawal.recorded_paid";
    default:
      return "withdrawal.state_changed";
  }
}
