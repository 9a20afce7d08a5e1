import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { notifications } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { notify } from "./notify";
import { peopleWhoMay } from "./recipients";
import { settleTasks } from "./tasks";

export interface NotifiedChange {
  id: string;
  proposedBy: string;
  /** The person the change is for: they may not approve it, so they are not asked to. */
  targetUserId: string | null;
  /** The change in plain words (lib/changes/describe.ts). */
  description: string;
  proposerEmail: string | null;
}

const PROPOSED = "change.proposed";
const proposedKey = (changeId: string) => `change:${changeId}:proposed`;

/**
 * A change was proposed: every other enabled admin who may approve it (not the proposer, not the
 * person it is for) is told, once per change however often this runs. Answers how many were told,
 * for the proposer's message.
 */
export async function notifyChangeProposed(db: DbOrTx, change: NotifiedChange): Promise<number> {
  const approvers = await approversOf(db, change);
  await notify(db, approvers, {
    kind: PROPOSED,
    object: { type: "change", id: change.id },
    message: `${change.proposerEmail ?? "Another admin"} proposed: ${change.description}. It waits for your approval under Pending changes.`,
    dedupeKey: proposedKey(change.id),
    mailCategory: "change_waiting",
    needsAction: true,
  });
  return approvers.length;
}

const DECIDED = { approved: "Approved", rejected: "Rejected", cancelled: "Cancelled by its proposer" };

/** A change was decided (by an admin, or from the command line): no admin is asked about it any more. */
export async function settleChangeTasks(
  db: DbOrTx,
  change: { id: string; state: keyof typeof DECIDED | "pending" },
  decidedBy: string | null,
): Promise<void> {
  if (change.state === "pending") return;
  await settleTasks(db, { type: "change", id: change.id }, { how: DECIDED[change.state], by: decidedBy });
}

/**
 * The enabled admins who may approve a change by this proposer for this person (policy.ts): told
 * when it is proposed, and counted beforehand for the proposer's confirmation.
 */
export async function approversOf(
  db: DbOrTx,
  change: { proposedBy: string; targetUserId: string | null },
): Promise<string[]> {
  return (await peopleWhoMay(db, "changes:decide")).filter(
    (id) => id !== change.proposedBy && id !== change.targetUserId,
  );
}

/** How many admins were told of each of these changes when it was proposed (0: none, or before this existed). */
export async function countToldOfChanges(
  db: DbOrTx,
  changeIds: readonly string[],
): Promise<Map<string, number>> {
  if (changeIds.length === 0) return new Map();
  const rows = await db
    .select({ changeId: notifications.objectId, told: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.objectType, "change"),
        eq(notifications.kind, PROPOSED),
        inArray(notifications.objectId, [...changeIds]),
      ),
    )
    .groupBy(notifications.objectId);
  return new Map(rows.map((row) => [row.changeId, row.told]));
}
