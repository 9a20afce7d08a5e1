import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { RuleError } from "@/lib/auth/rule-error";
import { auditLog, type Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { notifyCloseProposed } from "@/lib/notifications/withdrawal-events";
import { noteInPlace } from "./note-in-place";
import { lockForReview } from "./review";
import { classifyServiceStatus } from "./service-status";
import { statesAllowing } from "./state-machine";
import { transition } from "./transition";

/**
 * Closing a payout: nothing more is sent for it, and a refund gives its share of the invoice back
 * once it is established that nothing was paid out.
 * - Refused (failed) or failed at the service (service_failed): the service itself said nothing
 *   was paid, so one person in finance closes it.
 * - Outcome unknown (needs review) or in conflict with the service: money may have left, so one
 *   person proposes closing it and a second one confirms nothing was sent; until then it stays.
 * - The service reported it paid: nobody closes it as not sent (the money left; a refund keeps its
 *   share). Record it paid, after checking the service's back office.
 * A payout closed before this rule existed without that confirmation keeps its share until a
 * second person confirms too.
 */
export type CloseOutcome = { outcome: "closed" | "proposed"; withdrawal: Withdrawal };

/** The service said nothing was paid: one person closes. */
const SAID_BY_THE_SERVICE = statesAllowing("close");
/** Money may have left: one proposes, a second confirms. */
const NEEDS_TWO = statesAllowing("confirm_nothing_sent");

export async function closeWithdrawal(
  db: Db,
  id: string,
  deciderId: string,
  reason: string,
): Promise<CloseOutcome> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockForReview(tx, id, deciderId);
    if (SAID_BY_THE_SERVICE.includes(withdrawal.state)) {
      const closed = await transition(tx, id, {
        event: "close",
        source: "user",
        actorId: deciderId,
        reason,
        set: { nextSubmitAt: null, nothingSentAt: new Date() },
      });
      if (!closed) throw new RuleError("It can no longer be closed: it changed meanwhile.");
      return { outcome: "closed", withdrawal: closed };
    }
    if (!NEEDS_TWO.includes(withdrawal.state)) {
      throw new RuleError(
        "Only a payout that was refused, failed, needs review or is in conflict can be closed.",
      );
    }
    refuseWhenReportedPaid(withdrawal);
    if (withdrawal.paidProposedBy) {
      throw new RuleError("Recording it paid was proposed: confirm or decline that before closing it.");
    }
    if (withdrawal.closeProposedBy && withdrawal.closeProposedBy !== deciderId) {
      return { outcome: "closed", withdrawal: await confirm(tx, withdrawal, deciderId) };
    }
    if (withdrawal.closeProposedBy === deciderId) {
      throw new RuleError("You proposed closing it already: a second person in finance confirms it.");
    }
    return { outcome: "proposed", withdrawal: await propose(tx, withdrawal, deciderId, reason) };
  });
}

/** The second person: nothing was sent, so the payout closes (or, closed before, releases its share). */
export async function confirmNothingSent(db: Db, id: string, deciderId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockForReview(tx, id, deciderId);
    if (withdrawal.state === "closed" && !withdrawal.nothingSentAt) {
      return confirmClosedBefore(tx, withdrawal, deciderId);
    }
    if (!withdrawal.closeProposedBy) throw new RuleError("Nobody has proposed closing it.");
    refuseWhenReportedPaid(withdrawal);
    return confirm(tx, withdrawal, deciderId);
  });
}

function refuseWhenReportedPaid(withdrawal: Withdrawal): void {
  const word = withdrawal.serviceStatus ? classifyServiceStatus(withdrawal.serviceStatus) : null;
  if (word?.final && word.outcome === "paid") {
    throw new RuleError(
      "The service reports this payout paid, so it cannot be closed as not sent. If its back office shows it paid, record it paid.",
    );
  }
}

/** Withdraws a proposal to close (its proposer, or another person in finance who disagrees). */
export async function declineClose(db: Db, id: string, deciderId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockForReview(tx, id, deciderId);
    if (!withdrawal.closeProposedBy) throw new RuleError("Nobody has proposed closing it.");
    return noteInPlace(
      tx,
      withdrawal,
      { closeProposedBy: null, closeProposedAt: null, closeProposedReason: null },
      {
        action: "withdrawal.close_declined",
        actorId: deciderId,
        reason: `Not closed: "${withdrawal.closeProposedReason}" was declined.`,
      },
    );
  });
}

async function propose(tx: Tx, withdrawal: Withdrawal, deciderId: string, reason: string) {
  const updated = await noteInPlace(
    tx,
    withdrawal,
    { closeProposedBy: deciderId, closeProposedAt: new Date(), closeProposedReason: reason },
    { action: "withdrawal.close_proposed", actorId: deciderId, reason },
  );
  await notifyCloseProposed(tx, updated);
  return updated;
}

async function confirm(tx: Tx, withdrawal: Withdrawal, deciderId: string): Promise<Withdrawal> {
  if (withdrawal.closeProposedBy === deciderId) {
    throw new RuleError("You proposed closing it: a second person in finance must confirm nothing was sent.");
  }
  const closed = await transition(tx, withdrawal.id, {
    event: "confirm_nothing_sent",
    source: "user",
    actorId: deciderId,
    reason: `Nothing was sent, confirmed by a second person: ${withdrawal.closeProposedReason}`,
    detail: { proposedBy: withdrawal.closeProposedBy },
    set: { nextSubmitAt: null, nothingSentAt: new Date(), nothingSentBy: deciderId },
  });
  if (!closed) throw new RuleError("It can no longer be closed: it changed meanwhile.");
  return closed;
}

/** A payout closed with one person's word before closing took two: a second person confirms now. */
async function confirmClosedBefore(tx: Tx, withdrawal: Withdrawal, deciderId: string): Promise<Withdrawal> {
  const [closing] = await tx
    .select({ actorId: auditLog.actorId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, "withdrawal"),
        eq(auditLog.objectId, withdrawal.id),
        eq(auditLog.action, "withdrawal.closed"),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  if (closing?.actorId === deciderId) {
    throw new RuleError("You closed it: a second person in finance must confirm nothing was sent.");
  }
  return noteInPlace(
    tx,
    withdrawal,
    { nothingSentAt: new Date(), nothingSentBy: deciderId },
    {
      action: "withdrawal.closed",
      actorId: deciderId,
      reason: "Nothing was sent, confirmed by a second person: its share of a refund is free again.",
    },
  );
}
