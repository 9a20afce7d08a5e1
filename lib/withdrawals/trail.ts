import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AuditAction } from "@/lib/audit/actions";
import { recordAudit, SYSTEM_ACTOR, WEBHOOK_ACTOR, type AuditActor } from "@/lib/audit/record";
import { userActor } from "@/lib/audit/user-actor";
import { auditLog } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { WithdrawalState } from "./state-machine";

/**
 * A withdrawal's trail is its entries in the audit log (object "withdrawal"): every move of its
 * state machine, every approval and every status the service reported, with who (a person, the
 * background loop, or a webhook), when, from which state to which, and why. One mechanism for the
 * withdrawal page and the audit page.
 */
export type TrailSource = "user" | "loop" | "webhook";

export interface TrailEntryInput {
  withdrawalId: string;
  action: AuditAction;
  source: TrailSource;
  actorId?: string | null;
  fromState: WithdrawalState | null;
  toState: WithdrawalState;
  reason?: string | null;
  detail?: Record<string, unknown> | null;
}

export async function recordTrailEntry(db: DbOrTx, entry: TrailEntryInput): Promise<void> {
  await recordAudit(db, await actorOf(db, entry.source, entry.actorId), {
    action: entry.action,
    object: { type: "withdrawal", id: entry.withdrawalId },
    before: entry.fromState ? { state: entry.fromState } : null,
    after: { state: entry.toState, ...(entry.detail ?? {}) },
    note: entry.reason ?? null,
  });
}

async function actorOf(db: DbOrTx, source: TrailSource, actorId?: string | null): Promise<AuditActor> {
  if (source === "user" && actorId) return userActor(db, actorId);
  return source === "webhook" ? WEBHOOK_ACTOR : SYSTEM_ACTOR;
}

const SOURCE_OF_KIND: Record<string, TrailSource> = {
  user: "user",
  cli: "user",
  system: "loop",
  webhook: "webhook",
};

/** The withdrawal's trail, oldest first. */
export async function withdrawalTrail(db: DbOrTx, withdrawalId: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, "withdrawal"), eq(auditLog.objectId, withdrawalId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => {
    const { state: toState, ...detail } = (row.after ?? {}) as { state?: WithdrawalState };
    return {
      id: row.id,
      action: row.action,
      actorId: row.actorId,
      actor: row.actorEmail,
      source: SOURCE_OF_KIND[row.actorKind] ?? "user",
      fromState: ((row.before as { state?: WithdrawalState } | null)?.state ??
        null) as WithdrawalState | null,
      toState: (toState ?? null) as WithdrawalState | null,
      reason: row.note,
      detail,
      createdAt: row.createdAt,
    };
  });
}

/** Whether the withdrawal was ever in this state. */
export async function wasEverIn(db: DbOrTx, withdrawalId: string, state: WithdrawalState): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, "withdrawal"),
        eq(auditLog.objectId, withdrawalId),
        sql`${auditLog.after} ->> 'state' = ${state}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
