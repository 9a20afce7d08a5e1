import "server-only";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { invoices, users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { payoutNextStep } from "./next-step";
import { describeAmount } from "./present";
import { NEEDS_A_PERSON } from "./state-machine";

/**
 * Finance's worklist: every payout that waits for a person (besides the approval queue), oldest
 * first, with what is at stake and what to do. With the loops' due times, it is how every payout
 * that is not final has a next step.
 */
const waitsForAPerson = or(
  inArray(withdrawals.state, [...NEEDS_A_PERSON]),
  and(eq(withdrawals.state, "closed"), isNull(withdrawals.nothingSentAt)),
);

const proposer = alias(users, "proposer");
const paidProposer = alias(users, "paid_proposer");

export async function listPayoutsNeedingAttention(db: DbOrTx, limit = 50) {
  const rows = await db
    .select({
      withdrawal: withdrawals,
      requester: users.email,
      proposer: proposer.email,
      paidProposer: paidProposer.email,
      refundOfOrderId: invoices.orderId,
    })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .leftJoin(proposer, eq(proposer.id, withdrawals.closeProposedBy))
    .leftJoin(paidProposer, eq(paidProposer.id, withdrawals.paidProposedBy))
    .leftJoin(invoices, eq(invoices.id, withdrawals.refundOfInvoiceId))
    .where(waitsForAPerson)
    .orderBy(asc(withdrawals.updatedAt), asc(withdrawals.id))
    .limit(limit);
  return rows.map(
    ({ withdrawal, requester, proposer: proposedBy, paidProposer: paidBy, refundOfOrderId }) => ({
      id: withdrawal.id,
      orderId: withdrawal.orderId,
      state: withdrawal.state,
      atStake: describeAmount(withdrawal),
      network: withdrawal.network,
      reviewReason: withdrawal.reviewReason,
      closeProposed: withdrawal.closeProposedBy
        ? { by: proposedBy, reason: withdrawal.closeProposedReason }
        : null,
      paidProposed: withdrawal.paidProposedBy ? { by: paidBy, txid: withdrawal.paidProposedTxid } : null,
      nextStep: payoutNextStep(withdrawal),
      requestedBy: requester,
      refundOf: withdrawal.refundOfInvoiceId
        ? { invoiceId: withdrawal.refundOfInvoiceId, orderId: refundOfOrderId }
        : null,
      since: withdrawal.updatedAt.toISOString(),
    }),
  );
}

export type PayoutNeedingAttention = Awaited<ReturnType<typeof listPayoutsNeedingAttention>>[number];

/** How many payouts wait for a person, counted up to `cap` (the navigation says "9+"). */
export async function countPayoutsNeedingAttention(db: DbOrTx, cap = 100): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(withdrawals)
    .where(waitsForAPerson)
    .limit(cap)
    .as("capped");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}
