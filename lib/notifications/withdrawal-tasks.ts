import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { openTaskKinds, settleTasks } from "./tasks";

/** Who moved a withdrawal and how, as lib/withdrawals/transition.ts knows it. */
export interface WithdrawalMove {
  /** The person who moved it; null: the service, Paydesk's loop. */
  actorId: string | null;
  /** The move's event (lib/withdrawals/state-machine.ts), when known. */
  event?: string;
  /** The state it reached, in words (its label). */
  label: string;
}

/** A move said by what was done, where the state reached alone would mislead ("Submitting"). */
const DONE_BY_EVENT: Record<string, string> = {
  start_submit: "Sent again",
  reapprove: "Sent again",
  keep_retrying: "Sent again",
  close: "Closed",
  resend: "Closed and sent again",
  confirm_nothing_sent: "Closed: nothing was sent",
  record_paid: "Recorded paid",
  refund_returned: "Returned to its requester: the refund is no longer owed",
  predecessor_paid: "Stopped: an earlier payout of it was paid",
  contradicted: "Now in conflict with the service",
};

/** The payout as it is now, as far as its tasks care. */
interface PayoutNow {
  id: string;
  state: string;
  closeProposedBy: string | null;
  paidProposedBy: string | null;
}

/** Whether a task about this payout still asks for something, as the payout is now. */
function stillAsks(kind: string, payout: PayoutNow): boolean {
  switch (kind) {
    case "withdrawal.close_proposed":
      return payout.closeProposedBy !== null;
    case "withdrawal.paid_proposed":
      return payout.paidProposedBy !== null;
    default:
      return kind === `withdrawal.${payout.state}`;
  }
}

/**
 * A payout moved or a proposal about it was decided: every task about it that no longer applies
 * is done, for everyone it asked, by whoever did this.
 */
export async function settleWithdrawalTasks(
  db: DbOrTx,
  payout: PayoutNow,
  move: WithdrawalMove,
): Promise<void> {
  const object = { type: "withdrawal" as const, id: payout.id };
  const settled = (await openTaskKinds(db, object)).filter((kind) => !stillAsks(kind, payout));
  if (settled.length === 0) return;
  const how = (move.event && DONE_BY_EVENT[move.event]) || move.label;
  await settleTasks(db, object, { how, by: move.actorId }, { kinds: settled });
}

/**
 * One approval of several was given: the approver's own request to approve is done (the others
 * are still asked until the last approval moves the request).
 */
export async function settleOwnApproval(db: DbOrTx, withdrawalId: string, approverId: string): Promise<void> {
  await settleTasks(
    db,
    { type: "withdrawal", id: withdrawalId },
    { how: "Approved", by: approverId },
    { kinds: ["withdrawal.awaiting_approval"], userIds: [approverId] },
  );
}

/** What a decision that moves no state settles: a declined proposal, in words. */
const DONE_IN_PLACE: Record<string, string> = {
  "withdrawal.close_declined": "Closing it was declined",
  "withdrawal.paid_declined": "Recording it paid was declined",
};

/**
 * A decision about a payout that moved no state (lib/withdrawals/note-in-place.ts): a proposal
 * declined is no longer asked of the second person.
 */
export async function settleAfterNote(
  db: DbOrTx,
  payout: PayoutNow,
  note: { actorId: string; action: string },
): Promise<void> {
  await settleWithdrawalTasks(db, payout, {
    actorId: note.actorId,
    label: DONE_IN_PLACE[note.action] ?? "Done",
  });
}
