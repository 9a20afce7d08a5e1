import "server-only";
import { aliasedTable, and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  users,
  webhookEvents,
  withdrawalApprovals,
  withdrawalAudit,
  withdrawals,
  type Withdrawal,
} from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/** States in which money has (or may have) left for an address. */
const PAID_OUT_STATES = ["submitting", "submitted", "unknown", "paid"] as const;

export type WithdrawalView = Omit<
  Withdrawal,
  "createdAt" | "updatedAt" | "serviceCreatedAt" | "serviceUpdatedAt" | "nextSubmitAt"
> & {
  createdAt: string;
  updatedAt: string;
  requestedByEmail: string | null;
  approvedBy: string[];
  /** True when Paydesk has never paid out to this address before. */
  newAddress: boolean;
};

export async function addressesPaidBefore(
  db: DbOrTx,
  addresses: string[],
  exceptIds: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ address: withdrawals.address })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.address, addresses),
        inArray(withdrawals.state, [...PAID_OUT_STATES]),
        exceptIds.length ? sql`${withdrawals.id} not in ${exceptIds}` : undefined,
      ),
    );
  return new Set(rows.map((row) => row.address));
}

async function toViews(
  db: DbOrTx,
  rows: Array<{ withdrawal: Withdrawal; requester: string | null }>,
): Promise<WithdrawalView[]> {
  const ids = rows.map((row) => row.withdrawal.id);
  const approvals = ids.length
    ? await db
        .select({ withdrawalId: withdrawalApprovals.withdrawalId, email: users.email })
        .from(withdrawalApprovals)
        .innerJoin(users, eq(users.id, withdrawalApprovals.approverId))
        .where(inArray(withdrawalApprovals.withdrawalId, ids))
        .orderBy(asc(withdrawalApprovals.createdAt))
    : [];
  const paidBefore = await addressesPaidBefore(
    db,
    [...new Set(rows.map((row) => row.withdrawal.address))],
    ids,
  );
  return rows.map(({ withdrawal, requester }) => ({
    ...withdrawal,
    createdAt: withdrawal.createdAt.toISOString(),
    updatedAt: withdrawal.updatedAt.toISOString(),
    requestedByEmail: requester,
    approvedBy: approvals
      .filter((approval) => approval.withdrawalId === withdrawal.id)
      .map((approval) => approval.email),
    newAddress: !paidBefore.has(withdrawal.address),
  }));
}

export async function listAwaitingApproval(db: DbOrTx): Promise<WithdrawalView[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, requester: users.email })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .where(eq(withdrawals.state, "awaiting_approval"))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
  return toViews(db, rows);
}

export async function getWithdrawalDetail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ withdrawal: withdrawals, requester: users.email })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .where(eq(withdrawals.id, id));
  if (!row) return null;
  const [view] = await toViews(db, [row]);
  const actor = aliasedTable(users, "actor");
  const [audit, webhooks] = await Promise.all([
    db
      .select({ entry: withdrawalAudit, actor: actor.email })
      .from(withdrawalAudit)
      .leftJoin(actor, eq(actor.id, withdrawalAudit.actorId))
      .where(eq(withdrawalAudit.withdrawalId, id))
      .orderBy(asc(withdrawalAudit.createdAt)),
    db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.orderId, row.withdrawal.orderId), ne(webhookEvents.outcome, "unverified")))
      .orderBy(desc(webhookEvents.receivedAt))
      .limit(50),
  ]);
  return {
    withdrawal: view as WithdrawalView,
    audit: audit.map(({ entry, actor: email }) => ({
      id: entry.id,
      actor: email,
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

export type WithdrawalDetail = NonNullable<Awaited<ReturnType<typeof getWithdrawalDetail>>>;
