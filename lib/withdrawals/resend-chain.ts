import "server-only";
import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { classifyServiceStatus } from "./service-status";
import type { WithdrawalState } from "./state-machine";
import { transition } from "./transition";

/**
 * A payout made by Send again (resend_of_withdrawal_id) carries the same obligation as the one it
 * replaced: one payment is owed across the chain. When a payout in the chain may have been paid
 * after all (paid, or a conflict whose service's last word is paid), the ones after it must not
 * pay it again: those not sent yet are stopped (back to their requester, as rejected), and one
 * already sent becomes a conflict that says what may have been paid twice.
 */

/** States from which nothing has reached the service: a successor there is simply stopped. */
const NOT_SENT: readonly WithdrawalState[] = ["awaiting_approval", "approved", "failed"];
/** States in which it may have been sent: a successor there becomes a conflict. */
const MAY_HAVE_LEFT: readonly WithdrawalState[] = [
  "submitted",
  "unknown",
  "needs_review",
  "paid",
  "service_failed",
];
/** A chain longer than this is a bug, not a history: the walk stops there. */
const MAX_CHAIN = 50;

export function mayHaveBeenPaid(payout: Pick<Withdrawal, "state" | "serviceStatus">): boolean {
  if (payout.state === "paid") return true;
  if (payout.state !== "conflict" || payout.serviceStatus === null) return false;
  const said = classifyServiceStatus(payout.serviceStatus);
  return said.final && said.outcome === "paid";
}

/** The nearest payout before this one in its chain that may have been paid, or null. */
export async function paidPredecessorOf(db: DbOrTx, payout: Withdrawal): Promise<Withdrawal | null> {
  let id = payout.resendOfWithdrawalId;
  for (let steps = 0; id && steps < MAX_CHAIN; steps++) {
    const [before] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!before) return null;
    if (mayHaveBeenPaid(before)) return before;
    id = before.resendOfWithdrawalId;
  }
  return null;
}

/** Stops one payout before it is sent: its predecessor may have paid the obligation already. */
export async function stopBeforeSending(
  db: DbOrTx,
  payout: Withdrawal,
  paid: Withdrawal,
  source: "user" | "loop" | "webhook",
): Promise<Withdrawal | null> {
  const reason = `Not sent: ${paid.orderId}, which it was sent again for, may have been paid after all (${stateWords(paid)}); sending this one would pay twice.`;
  return transition(db, payout.id, {
    event: "predecessor_paid",
    source,
    reason,
    detail: { predecessor: paid.orderId },
    set: { rejectionReason: reason, nextSubmitAt: null },
  });
}

/**
 * After `paid` may have been paid: every later payout of its chain is stopped, or, once it may
 * have left, made a conflict beside it. Pass the transaction that recorded the news.
 */
export async function stopSuccessorsOf(
  db: DbOrTx,
  paid: Withdrawal,
  source: "user" | "loop" | "webhook",
): Promise<void> {
  let predecessorId = paid.id;
  for (let steps = 0; steps < MAX_CHAIN; steps++) {
    const [next] = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.resendOfWithdrawalId, predecessorId))
      .for("update");
    if (!next) return;
    if (NOT_SENT.includes(next.state)) {
      await stopBeforeSending(db, next, paid, source);
    } else if (MAY_HAVE_LEFT.includes(next.state)) {
      await flagBeside(db, next, paid, source);
    }
    // One being sent (submitting) is left to its submitter, which calls flagIfPredecessorPaid once
    // the service answered, or to the loop, which does not send it again (claim-for-submission.ts).
    predecessorId = next.id;
  }
}

/**
 * A payout that may have left while an earlier one of its chain may have been paid (the news came
 * while it was being sent, where stopSuccessorsOf leaves it to its submitter): a conflict beside
 * that one. Returns the payout as it is now.
 */
export async function flagIfPredecessorPaid(
  db: DbOrTx,
  payout: Withdrawal,
  source: "user" | "loop" | "webhook",
): Promise<Withdrawal> {
  if (!MAY_HAVE_LEFT.includes(payout.state)) return payout;
  const paid = await paidPredecessorOf(db, payout);
  if (!paid) return payout;
  return (await flagBeside(db, payout, paid, source)) ?? payout;
}

/** Makes `payout`, which may have left, a conflict: `paid`, earlier in its chain, may have been paid. */
export function flagBeside(
  db: DbOrTx,
  payout: Withdrawal,
  paid: Withdrawal,
  source: "user" | "loop" | "webhook",
): Promise<Withdrawal | null> {
  const twice = amountTwice(paid, payout);
  const reason = `${paid.orderId}, which this payout was sent again for, was reported paid: together they may have paid ${twice} for one payout of ${amountOf(paid)}. Check both at the service.`;
  return transition(db, payout.id, {
    event: "contradicted",
    source,
    reason,
    detail: { predecessor: paid.orderId },
    set: { reviewReason: reason, nextSubmitAt: null },
  });
}

function stateWords(payout: Withdrawal): string {
  return payout.state === "paid"
    ? "it is paid out"
    : `the service reports it ${payout.serviceStatus ?? "paid"}`;
}

function amountOf(payout: Withdrawal): string {
  const amount = payout.amount ?? payout.serviceAmount;
  return amount ? `${new Decimal(amount).toFixed()} ${payout.currency}` : `its amount in ${payout.currency}`;
}

function amountTwice(first: Withdrawal, second: Withdrawal): string {
  const a = first.amount ?? first.serviceAmount;
  const b = second.amount ?? second.serviceAmount;
  return a && b ? `${new Decimal(a).plus(b).toFixed()} ${first.currency}` : "twice the amount";
}
