import "server-only";
import { eq } from "drizzle-orm";
import { withdrawalApprovals, type WithdrawalState } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { notify } from "./notify";
import { peopleWhoMay } from "./recipients";

export interface NotifiedWithdrawal {
  id: string;
  orderId: string;
  requestedBy: string;
  amount: string | null;
  fiatAmount: string | null;
  fiatCurrency: string | null;
  currency: string;
  /** When this move happened: a withdrawal can reach the same state twice (sent again). */
  updatedAt: Date;
}

const TOLD_REQUESTER: Partial<Record<WithdrawalState, string>> = {
  approved: "was approved",
  rejected: "was rejected",
  paid: "was paid out",
  failed: "failed",
  service_failed: "failed at the service",
};

function amountOf(withdrawal: NotifiedWithdrawal): string {
  return withdrawal.amount
    ? `${withdrawal.amount} ${withdrawal.currency}`
    : `${withdrawal.fiatAmount} ${withdrawal.fiatCurrency} in ${withdrawal.currency}`;
}

/**
 * A withdrawal moved: its requester hears of an approval, rejection, payment or failure; finance
 * (never the requester, nor who already approved it) hears of a request waiting for approval or
 * for review.
 */
export async function notifyWithdrawalMove(
  db: DbOrTx,
  withdrawal: NotifiedWithdrawal,
  to: WithdrawalState,
): Promise<void> {
  const told = TOLD_REQUESTER[to];
  const key = `withdrawal:${withdrawal.id}:${to}:${withdrawal.updatedAt.getTime()}`;
  if (told) {
    await notify(db, await peopleWhoMay(db, "withdrawals:view", [withdrawal.requestedBy]), {
      kind: `withdrawal.${to}`,
      object: { type: "withdrawal", id: withdrawal.id },
      message: `Your withdrawal ${withdrawal.orderId} (${amountOf(withdrawal)}) ${told}.`,
      dedupeKey: key,
    });
  }
  if (to === "awaiting_approval" || to === "needs_review") {
    await notify(db, await financeOtherThanThoseInvolved(db, withdrawal), {
      kind: to === "awaiting_approval" ? "withdrawal.awaiting_approval" : "withdrawal.needs_review",
      object: { type: "withdrawal", id: withdrawal.id },
      message:
        to === "awaiting_approval"
          ? `Withdrawal ${withdrawal.orderId} (${amountOf(withdrawal)}) waits for your approval.`
          : `Withdrawal ${withdrawal.orderId} (${amountOf(withdrawal)}) needs review: its outcome is still unknown.`,
      dedupeKey: key,
    });
  }
}

async function financeOtherThanThoseInvolved(db: DbOrTx, withdrawal: NotifiedWithdrawal): Promise<string[]> {
  const approvers = await db
    .select({ id: withdrawalApprovals.approverId })
    .from(withdrawalApprovals)
    .where(eq(withdrawalApprovals.withdrawalId, withdrawal.id));
  const involved = new Set([withdrawal.requestedBy, ...approvers.map((row) => row.id)]);
  return (await peopleWhoMay(db, "withdrawals:approve")).filter((id) => !involved.has(id));
}
