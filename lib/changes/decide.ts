import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import type { PendingChange } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { lockActiveAdminIds } from "./admins";
import { describeChange } from "./describe";
import type { ChangeHandlers, OneTimeLink } from "./handler";
import { mayApprove, mayCancel, mayReject, type ChangeDecision } from "./policy";
import { emailOf, lockChangeOrThrow, markDecided } from "./store";

/**
 * Deciding a pending change, each in one transaction with its audit entry: approve (a second
 * admin: the change is applied), reject (another admin), cancel (the proposer). Approval checks
 * everything again under lock: the approver, the proposer still an active admin, the subject
 * unchanged since the proposal, and nothing that holds it (a role grant while the account's
 * sign-in changed around the proposal).
 */

/** A signed-in admin deciding, or the command line applying a change alone (break-glass). */
export type Decider = { userId: string; actor: AuditActor } | { breakGlass: true; actor: AuditActor };

export const BREAK_GLASS_NOTE = "break-glass";

/** The approved change, and the one-time link it made, if any, for the approver to pass on. */
export type ApprovedChange = PendingChange & { oneTimeLink?: OneTimeLink };

export async function approveChange(
  db: Db,
  handlers: ChangeHandlers,
  id: string,
  decider: Decider,
): Promise<ApprovedChange> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    const change = await lockChangeOrThrow(tx, id);
    if ("userId" in decider) {
      assertAllowed(
        mayApprove({ id: decider.userId, isActiveAdmin: admins.includes(decider.userId) }, change),
      );
    }
    const proposer = await emailOf(tx, change.proposedBy);
    if (!admins.includes(change.proposedBy)) {
      throw new RuleError(
        `${proposer ?? "The admin who proposed it"} is no longer an active admin, so this change cannot be approved. Reject it, and propose it again yourself if it is still needed.`,
      );
    }
    const handler = handlers[change.kind];
    const stale = handler.staleReason(change, await handler.readBasis(tx, change));
    if (stale)
      throw new RuleError(
        `This change no longer applies: ${stale} Reject it, and propose it again if it is still needed.`,
      );
    const held = await handler.approvalHold?.(tx, change);
    if (held) throw new RuleError(held);
    const breakGlass = "breakGlass" in decider;
    const { before, after, oneTimeLink } = await handler.apply(
      tx,
      change,
      breakGlass ? null : decider.userId,
    );
    const decided = await markDecided(
      tx,
      id,
      "approved",
      breakGlass ? null : decider.userId,
      breakGlass ? BREAK_GLASS_NOTE : null,
    );
    await recordAudit(tx, decider.actor, {
      action: "change.approved",
      object: handler.object(change),
      before,
      after: { ...after, change: await changeFacts(tx, change, proposer) },
      note: breakGlass ? BREAK_GLASS_NOTE : null,
    });
    return oneTimeLink ? { ...decided, oneTimeLink } : decided;
  });
}

export async function rejectChange(
  db: Db,
  handlers: ChangeHandlers,
  id: string,
  decider: { userId: string; actor: AuditActor },
): Promise<PendingChange> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    const change = await lockChangeOrThrow(tx, id);
    assertAllowed(mayReject({ id: decider.userId, isActiveAdmin: admins.includes(decider.userId) }, change));
    return closeChange(tx, handlers, change, "rejected", decider);
  });
}

export async function cancelChange(
  db: Db,
  handlers: ChangeHandlers,
  id: string,
  decider: { userId: string; actor: AuditActor },
): Promise<PendingChange> {
  return db.transaction(async (tx) => {
    const change = await lockChangeOrThrow(tx, id);
    assertAllowed(mayCancel({ id: decider.userId, isActiveAdmin: true }, change));
    return closeChange(tx, handlers, change, "cancelled", decider);
  });
}

async function closeChange(
  tx: Tx,
  handlers: ChangeHandlers,
  change: PendingChange,
  state: "rejected" | "cancelled",
  decider: { userId: string; actor: AuditActor },
) {
  const decided = await markDecided(tx, change.id, state, decider.userId);
  await recordAudit(tx, decider.actor, {
    action: state === "rejected" ? "change.rejected" : "change.cancelled",
    object: handlers[change.kind].object(change),
    after: { change: await changeFacts(tx, change, await emailOf(tx, change.proposedBy)) },
  });
  return decided;
}

/** What the audit entries of a change say about it, beside the subject's own facts. */
async function changeFacts(tx: Tx, change: PendingChange, proposer: string | null) {
  return {
    id: change.id,
    kind: change.kind,
    description: describeChange(change, await emailOf(tx, change.targetUserId)),
    proposedBy: proposer,
  };
}

function assertAllowed(decision: ChangeDecision) {
  if (!decision.ok) throw new RuleError(decision.reason);
}
