import "server-only";
import { eq } from "drizzle-orm";
import { RuleError } from "@/lib/auth/rule-error";
import { pendingChanges, users, type PendingChange } from "@/lib/db/schema";
import type { ChangeKind } from "@/lib/db/schema/enums";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { notifyChangeProposed, settleChangeTasks } from "@/lib/notifications/change-events";
import { describeChange } from "./describe";
import type { ChangePayload } from "./payloads";
import type { Facts } from "./handler";

export interface Proposal<K extends ChangeKind> {
  kind: K;
  subject: string;
  targetUserId: string | null;
  payload: ChangePayload<K>;
  basis: Facts;
  proposedBy: string;
}

export const userSubject = (userId: string) => `user:${userId}`;
export const settingSubject = (key: string) => `setting:${key}`;

/** A change just proposed, and how many other admins were told it waits for them. */
export type ProposedChange = PendingChange & { notified: number };

/**
 * Records a change that waits for a second admin, and tells the admins who may approve it. At
 * most one change per subject waits at a time (a unique index), so two proposals never race to
 * apply on top of each other. The caller writes the audit entry, in the same transaction.
 */
export async function proposeChange<K extends ChangeKind>(
  tx: Tx,
  proposal: Proposal<K>,
): Promise<ProposedChange> {
  const [created] = await tx.insert(pendingChanges).values(proposal).onConflictDoNothing().returning();
  if (!created) {
    throw new RuleError(
      "Another change to this is already waiting for a second admin. Approve, reject or cancel it under Pending changes first.",
    );
  }
  const notified = await notifyChangeProposed(tx, {
    id: created.id,
    proposedBy: created.proposedBy,
    targetUserId: created.targetUserId,
    description: describeChange(created, await emailOf(tx, created.targetUserId)),
    proposerEmail: await emailOf(tx, created.proposedBy),
  });
  return { ...created, notified };
}

export async function lockChangeOrThrow(tx: Tx, id: string): Promise<PendingChange> {
  const [change] = await tx.select().from(pendingChanges).where(eq(pendingChanges.id, id)).for("update");
  if (!change) throw new RuleError("This change no longer exists. Reload the page.");
  if (change.state !== "pending") {
    throw new RuleError(`This change has been ${change.state} already. Reload the page to see it.`);
  }
  return change;
}

export async function markDecided(
  tx: Tx,
  id: string,
  state: Exclude<PendingChange["state"], "pending">,
  decidedBy: string | null,
  note: string | null = null,
): Promise<PendingChange> {
  const [decided] = await tx
    .update(pendingChanges)
    .set({ state, decidedBy, decidedAt: new Date(), decisionNote: note })
    .where(eq(pendingChanges.id, id))
    .returning();
  if (!decided) throw new Error(`markDecided: change ${id} vanished inside its lock`);
  await settleChangeTasks(tx, decided, decidedBy);
  return decided;
}

export async function emailOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
