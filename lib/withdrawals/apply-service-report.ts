import "server-only";
import { serviceStatusLabel } from "@/lib/display/service-words";
import { eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { syncPayoutBooks } from "@/lib/ledger/sync-payout";
import { payoutDifferences } from "./answer-check";
import { classifyServiceStatus, isNewerServiceStatus } from "./service-status";
import { staleDeadline } from "./stale-deadline";
import { WITHDRAWAL_STATE_LABELS } from "./state-labels";
import type { WithdrawalState } from "./state-machine";
import { mayHaveBeenPaid, stopSuccessorsOf } from "./resend-chain";
import { recordTrailEntry } from "./trail";
import { transition } from "./transition";

/**
 * What the service said about one withdrawal (a verified webhook's payload, or a status already
 * stored), applied to the local row under a row lock so concurrent deliveries are serialised. The
 * service's word is always applied or turned into a conflict a person resolves, never dropped:
 * - a final status moves a submitted, unknown or needs-review payout to paid or service_failed;
 * - news of a payout still processing brings one that needs review back to submitted, and makes
 *   an unknown one confirmed by the resubmitter at once (same order id);
 * - "submitting" is left to its submitter, which settles what arrived meanwhile after its answer,
 *   unless the report contradicts Paydesk (final words that disagree, another service id,
 *   amount, address, currency or network): then it is a conflict at once;
 * - a report that contradicts Paydesk (closed, paid, failed or never sent here; another service
 *   id; another amount, address, currency or network than asked) moves the payout to conflict,
 *   with the reason, for finance;
 * - nothing moves backwards: a late "process" after "paid" is old news and changes nothing.
 */
export interface ServiceReport {
  orderId: string;
  status: string;
  serviceId?: string | null;
  amount?: string | null;
  address?: string | null;
  currency?: string | null;
  network?: string | null;
  /** The service's fee, and what the recipient received. */
  fee?: string | null;
  payoutAmount?: string | null;
  txid?: string | null;
}

export type ApplyResult =
  | { kind: "not_found" }
  | { kind: "moved"; from: WithdrawalState; withdrawal: Withdrawal }
  | { kind: "recorded"; previousStatus: string | null; withdrawal: Withdrawal }
  | { kind: "unchanged"; why: string }
  /** The report contradicts what Paydesk knew: the payout is now a conflict on finance's worklist. */
  | { kind: "conflict"; why: string; withdrawal: Withdrawal };

const SETTLEABLE: readonly WithdrawalState[] = ["submitted", "unknown", "needs_review"];
/** States in which the service cannot know the withdrawal (never sent, or refused). */
const NEVER_SENT: readonly WithdrawalState[] = [
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
    const result = await applyIn(tx, report, source);
    // News that a payout may have been paid stops the payouts sent again for it (resend-chain.ts).
    if ("withdrawal" in result && mayHaveBeenPaid(result.withdrawal)) {
      await stopSuccessorsOf(tx, result.withdrawal, source);
    }
    return result;
  });
}

async function applyIn(tx: Tx, report: ServiceReport, source: "webhook" | "loop"): Promise<ApplyResult> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.orderId, report.orderId))
    .for("update");
  if (!row) return { kind: "not_found" };
  const newer = isNewerServiceStatus(row.serviceStatus, report.status);
  const reported = classifyServiceStatus(report.status);
  const known = knownFrom(row, report, newer);

  const contradiction = contradictionOf(row, report, newer);
  if (contradiction) {
    if (row.state === "conflict") return record(tx, row, known, newer, source);
    const moved = await transition(tx, row.id, {
      event: "contradicted",
      source,
      reason: contradiction,
      detail: { serviceStatus: report.status, serviceId: report.serviceId ?? null },
      // An older word (a late "check" with another amount) does not replace a newer one; a final
      // word that contradicts the final one stored is stored, as the service's last.
      set: {
        ...known,
        ...(finalWordsDisagree(row, report.status)
          ? { serviceStatus: report.status, serviceUpdatedAt: new Date() }
          : {}),
        reviewReason: contradiction,
        nextSubmitAt: null,
      },
    });
    if (!moved) throw new Error(`withdrawal ${row.id} did not move under its row lock`);
    return { kind: "conflict", why: contradiction, withdrawal: moved };
  }

  if (reported.final && SETTLEABLE.includes(row.state)) {
    const moved = await transition(tx, row.id, {
      event: reported.outcome === "paid" ? "service_paid" : "service_failed",
      source,
      reason: reported.words,
      detail: {
        serviceStatus: report.status,
        txid: report.txid ?? null,
        serviceId: report.serviceId ?? row.serviceId,
      },
      set: {
        ...known,
        serviceStatus: report.status,
        nextSubmitAt: null,
        ...(reported.outcome === "paid"
          ? { failureKind: null, failureMessage: null }
          : { nothingSentAt: new Date() }),
      },
    });
    if (moved) return { kind: "moved", from: row.state, withdrawal: moved };
  }
  if (!reported.final && newer && row.state === "needs_review") {
    const moved = await transition(tx, row.id, {
      event: "service_processing",
      source,
      reason: `The service has the payout and is still working on it (${said(report.status)}).`,
      set: { ...known, staleAt: staleDeadline(new Date()) },
    });
    if (moved) return { kind: "moved", from: row.state, withdrawal: moved };
  }
  // The service said it failed: a payout closed here without that confirmation gives its share back.
  if (reported.final && reported.outcome === "failed" && row.state === "closed" && !row.nothingSentAt) {
    known.nothingSentAt = new Date();
  }
  if (Object.keys(known).length === 0) {
    return {
      kind: "unchanged",
      why: `${WITHDRAWAL_STATE_LABELS[row.state]}; the service said ${said(row.serviceStatus)} already: ${said(report.status)} is not news.`,
    };
  }
  return record(tx, row, known, newer, source);
}

type Known = PgUpdateSetSource<typeof withdrawals>;

/** What the report adds to the row: the service's id, amount, fee, what the recipient got, transaction, and its status if newer. */
function knownFrom(row: Withdrawal, report: ServiceReport, newer: boolean): Known {
  return {
    ...(row.serviceId || !report.serviceId ? {} : { serviceId: report.serviceId }),
    ...(row.serviceAmount || !report.amount || !DECIMAL.test(report.amount)
      ? {}
      : { serviceAmount: report.amount }),
    ...(row.serviceTxid || !report.txid ? {} : { serviceTxid: report.txid.slice(0, 255) }),
    ...(row.serviceFee || !report.fee || !DECIMAL.test(report.fee) ? {} : { serviceFee: report.fee }),
    ...(row.servicePayoutAmount || !report.payoutAmount || !DECIMAL.test(report.payoutAmount)
      ? {}
      : { servicePayoutAmount: report.payoutAmount }),
    ...(newer ? { serviceStatus: report.status, serviceUpdatedAt: new Date() } : {}),
  };
}

/** Why this report contradicts what Paydesk knows of the payout, or null when it does not. */
function contradictionOf(row: Withdrawal, report: ServiceReport, newer: boolean): string | null {
  const reported = classifyServiceStatus(report.status);
  const now = said(report.status);
  if (report.serviceId && row.serviceId && report.serviceId !== row.serviceId) {
    return `The service reports ${now} for its withdrawal ${report.serviceId}, but this order is ${row.serviceId} here.`;
  }
  const differences = payoutDifferences(row, report);
  if (differences.length > 0) {
    return `The service reports ${now} for another payout than the one asked: ${differences.join(", ")}.`;
  }
  if (row.state === "conflict") return newer ? `Still a conflict; the service now reports ${now}.` : null;
  if (NEVER_SENT.includes(row.state)) {
    return `The service reports ${now} for a payout Paydesk never sent (it is ${WITHDRAWAL_STATE_LABELS[row.state].toLowerCase()} here).`;
  }
  if (row.state === "closed") {
    if (reported.final && reported.outcome === "failed") return null;
    if (reported.final) return "Closed here, paid at the service: the payout left after all.";
    return newer ? `Closed here, but the service reports ${now}: it may still be paid.` : null;
  }
  if (row.state === "paid" && reported.final && reported.outcome === "failed") {
    return `Paid out here, but the service now reports ${now}.`;
  }
  if (row.state === "service_failed" && reported.final && reported.outcome === "paid") {
    return `The service reported it failed, and now reports it paid.`;
  }
  // Final words that disagree before Paydesk settled on one (while it was being sent, say).
  if (finalWordsDisagree(row, report.status)) {
    return `The service said ${said(row.serviceStatus)}, and now says ${now}.`;
  }
  return null;
}

/** The service's final word on it, stored, and this one are final and say different things. */
function finalWordsDisagree(row: Withdrawal, status: string): boolean {
  if (row.serviceStatus === null) return false;
  const stored = classifyServiceStatus(row.serviceStatus);
  const reported = classifyServiceStatus(status);
  return stored.final && reported.final && stored.outcome !== reported.outcome;
}

/** Stores what the report adds without a move, with a trail entry when the status is news. */
async function record(
  tx: Tx,
  row: Withdrawal,
  known: Known,
  newer: boolean,
  source: "webhook" | "loop",
): Promise<ApplyResult> {
  if (Object.keys(known).length === 0) return { kind: "unchanged", why: "Nothing new." };
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
  // A fiat payout's crypto amount or a fee learnt from the report moves money in the books.
  await syncPayoutBooks(tx, updated, { kind: source === "webhook" ? "webhook" : "refresh" });
  if (newer) {
    await recordTrailEntry(tx, {
      withdrawalId: row.id,
      action: "withdrawal.state_changed",
      source,
      fromState: row.state,
      toState: row.state,
      reason: `The service reports ${said(updated.serviceStatus)}.`,
      detail: { previousServiceStatus: row.serviceStatus, serviceId: updated.serviceId },
    });
  }
  return { kind: "recorded", previousStatus: row.serviceStatus, withdrawal: updated };
}

/** A service status in a sentence, in its plain words: "being checked before sending". */
function said(status: string | null): string {
  return `“${serviceStatusLabel("withdrawal", status).toLowerCase()}”`;
}
