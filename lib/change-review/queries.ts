import "server-only";
import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pendingChanges, users, type PendingChange } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { describeChange } from "@/lib/changes/describe";
import { PAYLOADS } from "@/lib/changes/payloads";
import { mayApprove, mayCancel, mayReject } from "@/lib/changes/policy";
import { countToldOfChanges } from "@/lib/notifications/change-events";
import { accountHistoryOf, type AccountHistoryView } from "./account-history-view";
import { CHANGE_HANDLERS } from "./handlers";

/**
 * The changes as the pending changes page (and the users and settings pages) show them, with
 * what the viewing admin may do, decided here with the rule the actions enforce (policy.ts).
 */
export interface ChangeView {
  id: string;
  kind: PendingChange["kind"];
  state: PendingChange["state"];
  description: string;
  /** Why the proposer asked for it, when they said (a role change always does). */
  reason: string | null;
  targetUserId: string | null;
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  breakGlass: boolean;
  /** Why it can no longer be approved (the subject changed, the proposer left); null if it can. */
  blocked: string | null;
  viewerMay: { approve: boolean; reject: boolean; cancel: boolean; whyNotApprove: string | null };
  /** Pending, proposed by another admin and not about the viewer: it waits for them (lib/changes/waiting.ts). */
  waitsForViewer: boolean;
  /** How many admins were notified when it was proposed (0 for changes proposed before notifications). */
  notified: number;
  /** A pending role grant: what happened to the account's sign-in around its proposal. */
  accountHistory: AccountHistoryView | null;
  /** Why approving must wait though it still applies (lib/users/grant-hold.ts); null when it may be approved. */
  held: string | null;
}

const proposer = alias(users, "proposer");
const decider = alias(users, "decider");
const target = alias(users, "target");

const RECENT_DECIDED = 20;

export async function listChanges(
  db: Db,
  viewerId: string,
  filter: { state: "pending" | "decided"; subject?: string },
): Promise<ChangeView[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        change: pendingChanges,
        proposer: proposer.email,
        decider: decider.email,
        target: target.email,
      })
      .from(pendingChanges)
      .innerJoin(proposer, eq(proposer.id, pendingChanges.proposedBy))
      .leftJoin(decider, eq(decider.id, pendingChanges.decidedBy))
      .leftJoin(target, eq(target.id, pendingChanges.targetUserId))
      .where(
        and(
          filter.state === "pending"
            ? eq(pendingChanges.state, "pending")
            : ne(pendingChanges.state, "pending"),
          filter.subject ? eq(pendingChanges.subject, filter.subject) : undefined,
        ),
      )
      .orderBy(filter.state === "pending" ? pendingChanges.proposedAt : desc(pendingChanges.decidedAt))
      .limit(filter.state === "pending" ? 200 : RECENT_DECIDED);
    const activeAdmins = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, "admin"), isNull(users.disabledAt), inArray(users.id, idsOf(rows))))
      ).map((row) => row.id),
    );
    const told = await countToldOfChanges(
      tx,
      rows.filter((row) => row.change.state === "pending").map((row) => row.change.id),
    );
    const views: ChangeView[] = [];
    for (const row of rows) {
      const change = row.change;
      let blocked: string | null = null;
      let held: string | null = null;
      if (change.state === "pending") {
        const handler = CHANGE_HANDLERS[change.kind];
        const stale = handler.staleReason(change, await handler.readBasis(tx, change));
        blocked = stale
          ? `No longer applies: ${stale}`
          : activeAdmins.has(change.proposedBy)
            ? null
            : `${row.proposer}, who proposed it, is no longer an active admin.`;
        if (!blocked) held = (await handler.approvalHold?.(tx, change)) ?? null;
      }
      // The viewer comes from an active admin's session: the page requires changes:view.
      const viewer = { id: viewerId, isActiveAdmin: true };
      const approve = mayApprove(viewer, change);
      const pending = change.state === "pending";
      views.push({
        id: change.id,
        kind: change.kind,
        state: change.state,
        description: describeChange(change, row.target),
        reason: reasonOf(change),
        targetUserId: change.targetUserId,
        proposedBy: row.proposer,
        proposedAt: change.proposedAt.toISOString(),
        decidedBy: row.decider,
        decidedAt: change.decidedAt?.toISOString() ?? null,
        breakGlass: change.state === "approved" && !change.decidedBy,
        blocked,
        viewerMay: {
          approve: pending && approve.ok && !blocked,
          reject: pending && mayReject(viewer, change).ok,
          cancel: pending && mayCancel(viewer, change).ok,
          whyNotApprove: pending && !approve.ok ? approve.reason : null,
        },
        waitsForViewer: pending && change.proposedBy !== viewerId && change.targetUserId !== viewerId,
        notified: told.get(change.id) ?? 0,
        accountHistory: change.state === "pending" ? await accountHistoryOf(tx, change) : null,
        held,
      });
    }
    return views;
  });
}

function reasonOf(change: PendingChange): string | null {
  if (change.kind !== "grant_role") return null;
  const parsed = PAYLOADS.grant_role.safeParse(change.payload);
  return parsed.success ? (parsed.data.reason ?? null) : null;
}

function idsOf(rows: Array<{ change: PendingChange }>): string[] {
  return [...new Set(rows.map((row) => row.change.proposedBy))];
}
