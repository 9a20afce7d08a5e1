import "server-only";
import { eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { AuditAction } from "@/lib/audit/actions";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { syncPayoutBooks } from "@/lib/ledger/sync-payout";
import { settleAfterNote } from "@/lib/notifications/withdrawal-tasks";
import { recordTrailEntry } from "./trail";

/**
 * A decision about a payout that moves no state (a proposal, its withdrawal): its columns, and its
 * entry in the trail.
 */
export async function noteInPlace(
  tx: Tx,
  withdrawal: Withdrawal,
  set: PgUpdateSetSource<typeof withdrawals>,
  entry: { action: AuditAction; actorId: string; reason: string; detail?: Record<string, unknown> },
): Promise<Withdrawal> {
  const [updated] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(withdrawals.id, withdrawal.id))
    .returning();
  if (!updated) throw new Error(`withdrawal ${withdrawal.id} vanished under its row lock`);
  await syncPayoutBooks(tx, updated, { kind: "person", actorId: entry.actorId });
  await recordTrailEntry(tx, {
    withdrawalId: withdrawal.id,
    source: "user",
    fromState: withdrawal.state,
    toState: withdrawal.state,
    ...entry,
  });
  await settleAfterNote(tx, updated, entry);
  return updated;
}
