import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { withdrawalAudit, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { nextState, statesAllowing, type WithdrawalEvent } from "./state-machine";

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
 * start from, and writes the audit entry in the same transaction. Returns null when the row was
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
      .set({ ...input.set, state: to, updatedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, before.state)))
      .returning();
    if (!after) return null;
    await tx.insert(withdrawalAudit).values({
      withdrawalId: id,
      actorId: input.actorId ?? null,
      source: input.source,
      fromState: before.state,
      toState: to,
      reason: input.reason ?? null,
      detail: input.detail ?? null,
    });
    return after;
  });
}
