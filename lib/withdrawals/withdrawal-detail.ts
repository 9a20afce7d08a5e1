import "server-only";
import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import { users, webhookEvents, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { Viewer } from "./viewer-permissions";
import { sideBySide } from "./side-by-side";
import { withdrawalTrail } from "./trail";
import { toWithdrawalViews } from "./withdrawal-view";

/** Everything the withdrawal page shows, as plain JSON, including what this viewer may do. */
export async function getWithdrawalDetail(db: DbOrTx, id: string, viewer: Viewer) {
  const [row] = await db
    .select({ withdrawal: withdrawals, requester: { email: users.email, name: users.name } })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .where(eq(withdrawals.id, id));
  if (!row) return null;
  const [view] = await toWithdrawalViews(db, [row], viewer);
  if (!view) return null;
  const [audit, webhooks, resentAs, resendOf] = await Promise.all([
    withdrawalTrail(db, id),
    db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.orderId, row.withdrawal.orderId), ne(webhookEvents.outcome, "unverified")))
      .orderBy(desc(webhookEvents.receivedAt))
      .limit(50),
    linkedPayout(db, eq(withdrawals.resendOfWithdrawalId, id)),
    row.withdrawal.resendOfWithdrawalId
      ? linkedPayout(db, eq(withdrawals.id, row.withdrawal.resendOfWithdrawalId))
      : null,
  ]);
  const latestReport = webhooks.find((event) => event.verified) ?? null;
  return {
    withdrawal: view,
    /** In conflict: Paydesk's record beside the service's latest report. */
    sideBySide: view.state === "conflict" ? sideBySide(view, latestReport, latestAnswer(audit)) : null,
    /** The new payout Send again made of this one after the service failed it. */
    resentAs,
    /** The payout the service failed, that this one sends again. */
    resendOf,
    audit: audit.map((entry) => ({
      id: entry.id,
      actor: entry.actor,
      source: entry.source,
      fromState: entry.fromState,
      toState: entry.toState,
      reason: entry.reason,
      at: entry.createdAt.toISOString(),
    })),
    webhooks: webhooks.map((event) => ({
      id: event.id,
      receivedAt: event.receivedAt.toISOString(),
      reportedStatus: event.reportedStatus,
      verified: event.verified,
      outcome: event.outcome,
      detail: event.outcomeDetail,
      duplicates: event.duplicates,
    })),
  };
}

/** The service's answer that made the payout a conflict, as its trail kept it (submit-withdrawal.ts). */
function latestAnswer(trail: Awaited<ReturnType<typeof withdrawalTrail>>) {
  const entry = trail.findLast((each) => typeof each.detail === "object" && "answer" in each.detail);
  const answer = (entry?.detail as { answer?: Record<string, unknown> } | undefined)?.answer;
  if (!entry || !answer || typeof answer !== "object") return null;
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 255) : null);
  return {
    id: text(answer.id),
    address: text(answer.address),
    amount: text(answer.amount),
    at: entry.createdAt,
  };
}

async function linkedPayout(db: DbOrTx, where: SQL) {
  const [linked] = await db
    .select({ id: withdrawals.id, orderId: withdrawals.orderId, state: withdrawals.state })
    .from(withdrawals)
    .where(where);
  return linked ?? null;
}

export type WithdrawalDetail = NonNullable<Awaited<ReturnType<typeof getWithdrawalDetail>>>;
