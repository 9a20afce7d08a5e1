import "server-only";
import { eq } from "drizzle-orm";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { classifyServiceStatus, isNewerServiceStatus } from "./service-status";
import { WITHDRAWAL_STATE_LABELS, type WithdrawalState } from "./state-machine";
import { recordTrailEntry } from "./trail";
import { transition } from "./transition";

/**
 * What the service said about one withdrawal (a verified webhook's payload, or a status already
 * stored), applied to the local row under a row lock so concurrent deliveries are serialised.
 * Rules: never backwards (a late "process" after "paid" changes nothing); a final status moves
 * a submitted or unknown withdrawal to paid / service_failed; "submitting" is left to its
 * submitter (the loop settles it afterwards); an "unknown" one adopts the service id and is
 * confirmed by the resubmitter at once (an idempotent resubmit with the same order_id).
 */
export interface ServiceReport {
  orderId: string;
  status: string;
  serviceId?: string | null;
  amount?: string | null;
  txid?: string | null;
}

export type ApplyResult =
  | { kind: "not_found" }
  | { kind: "moved"; from: WithdrawalState; withdrawal: Withdrawal }
  | { kind: "recorded"; previousStatus: string | null; withdrawal: Withdrawal }
  | { kind: "unchanged"; why: string }
  /** The report contradicts what Paydesk knows: nothing changed, a person should look. */
  | { kind: "conflict"; why: string };

const SETTLEABLE: readonly WithdrawalState[] = ["submitted", "unknown"];
/** States in which the service cannot know the withdrawal (never sent, or refused). */
const NOT_SENT: readonly WithdrawalState[] = [
  "awaiting_approval",
  "approved",
  "rejected",
  "cancelled",
  "failed",
];
const DECIMAL = /^\d{1,30}(\.\d{1,18})?$/;

export async function applyServiceReport(
  db: Db,
  report: ServiceReport,
  source: "webhook" | "loop",
): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.orderId, report.orderId))
      .for("update");
    if (!row) return { kind: "not_found" };
    if (report.serviceId && row.serviceId && report.serviceId !== row.serviceId) {
      return {
        kind: "conflict",
        why: `The service names withdrawal ${report.serviceId}, but this order is ${row.serviceId} here; nothing changed.`,
      };
    }
    if (NOT_SENT.includes(row.state)) {
      return {
        kind: "conflict",
        why: `The service reports "${report.status}" for a withdrawal that is ${WITHDRAWAL_STATE_LABELS[row.state].toLowerCase()} here; nothing changed. Check it by hand.`,
      };
    }
    const newer = isNewerServiceStatus(row.serviceStatus, report.status);
    const effective = newer ? report.status : (row.serviceStatus ?? report.status);
    const status = classifyServiceStatus(effective);

    if (row.state === "paid" || row.state === "service_failed") {
      const reported = classifyServiceStatus(report.status);
      if (reported.final && (reported.outcome === "paid") !== (row.state === "paid")) {
        return {
          kind: "conflict",
          why: `The service now reports "${report.status}" for a withdrawal already ${WITHDRAWAL_STATE_LABELS[row.state].toLowerCase()}; nothing changed.`,
        };
      }
      return {
        kind: "unchanged",
        why: `Already ${WITHDRAWAL_STATE_LABELS[row.state].toLowerCase()}; "${report.status}" changes nothing.`,
      };
    }

    const now = new Date();
    const known = {
      ...(row.serviceId ? {} : report.serviceId ? { serviceId: report.serviceId } : {}),
      ...(row.serviceAmount || !report.amount || !DECIMAL.test(report.amount)
        ? {}
        : { serviceAmount: report.amount }),
      ...(newer ? { serviceStatus: report.status, serviceUpdatedAt: now } : {}),
    };

    if (status.final && SETTLEABLE.includes(row.state)) {
      const moved = await transition(tx, row.id, {
        event: status.outcome === "paid" ? "service_paid" : "service_failed",
        source,
        reason: status.words,
        detail: {
          serviceStatus: effective,
          txid: report.txid ?? null,
          serviceId: report.serviceId ?? row.serviceId,
        },
        set: {
          ...known,
          nextSubmitAt: null,
          ...(status.outcome === "paid" ? { failureKind: null, failureMessage: null } : {}),
        },
      });
      if (moved) return { kind: "moved", from: row.state, withdrawal: moved };
    }
    if (Object.keys(known).length === 0) {
      return {
        kind: "unchanged",
        why: `Service status ${row.serviceStatus ?? "none"}; "${report.status}" is not news.`,
      };
    }
    const updated = await recordStatus(tx, row, known, newer ? report.status : null, source);
    return { kind: "recorded", previousStatus: row.serviceStatus, withdrawal: updated };
  });
}

async function recordStatus(
  tx: Tx,
  row: Withdrawal,
  known: Partial<Pick<Withdrawal, "serviceId" | "serviceAmount" | "serviceStatus" | "serviceUpdatedAt">>,
  newStatus: string | null,
  source: "webhook" | "loop",
): Promise<Withdrawal> {
  const [updated] = await tx
    .update(withdrawals)
    .set({
      ...known,
      // The service has it: confirm an unknown outcome now (same order_id) rather than after backoff.
      ...(row.state === "unknown" ? { nextSubmitAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(withdrawals.id, row.id))
    .returning();
  if (!updated) throw new Error(`withdrawal ${row.id} vanished under its row lock`);
  if (newStatus !== null) {
    await recordTrailEntry(tx, {
      withdrawalId: row.id,
      action: "withdrawal.state_changed",
      source,
      fromState: row.state,
      toState: row.state,
      reason: `Service status: ${newStatus}`,
      detail: { previousServiceStatus: row.serviceStatus, serviceId: updated.serviceId },
    });
  }
  return updated;
}
