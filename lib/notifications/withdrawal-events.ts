import "server-only";
import { eq } from "drizzle-orm";
import { withdrawalApprovals, type WithdrawalState } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { formatCrypto, formatFiat } from "@/lib/display/money";
import { DEFAULT_LOCALE } from "@/lib/display/preferences";
import { notify } from "./notify";
import { peopleWhoMay } from "./recipients";
import { settleWithdrawalTasks, type WithdrawalMove } from "./withdrawal-tasks";

export interface NotifiedWithdrawal {
  id: string;
  orderId: string;
  requestedBy: string;
  /** Why a person in finance must look (a conflict, a review), when it says. */
  reviewReason?: string | null;
  amount: string | null;
  fiatAmount: string | null;
  fiatCurrency: string | null;
  currency: string;
  /** When this move happened: a withdrawal can reach the same state twice (sent again). */
  updatedAt: Date;
  state: WithdrawalState;
  closeProposedBy: string | null;
  paidProposedBy: string | null;
}

const TOLD_REQUESTER: Partial<Record<WithdrawalState, string>> = {
  approved: "was approved",
  rejected: "was rejected",
  paid: "was paid out",
  failed: "was refused by the service",
  service_failed: "failed at the service",
};

/** What finance (never the requester) is told when a payout waits for one of them. */
const TOLD_FINANCE: Partial<Record<WithdrawalState, (withdrawal: NotifiedWithdrawal) => string>> = {
  awaiting_approval: (w) => `Withdrawal ${w.orderId} (${amountOf(w)}) waits for your approval.`,
  needs_review: (w) =>
    `Withdrawal ${w.orderId} (${amountOf(w)}) needs review: ${w.reviewReason ?? "its outcome is still unknown."}`,
  conflict: (w) =>
    `Withdrawal ${w.orderId} (${amountOf(w)}) is in conflict with the service: ${w.reviewReason ?? "check it."}`,
  failed: (w) =>
    `Withdrawal ${w.orderId} (${amountOf(w)}) was refused by the service: send it again or close it.`,
  service_failed: (w) =>
    `Withdrawal ${w.orderId} (${amountOf(w)}) failed at the service: send it again or close it.`,
};

/** Money as money; a notification is read by many people, so in the default number format. */
function amountOf(withdrawal: NotifiedWithdrawal): string {
  if (withdrawal.amount) return formatCrypto(withdrawal.amount, withdrawal.currency, DEFAULT_LOCALE);
  const fiat =
    withdrawal.fiatAmount && withdrawal.fiatCurrency
      ? formatFiat(withdrawal.fiatAmount, withdrawal.fiatCurrency, DEFAULT_LOCALE)
      : "an amount in fiat";
  return `${fiat} in ${withdrawal.currency}`;
}

/**
 * A withdrawal moved: what finance was asked to do about it and no longer applies is done, by
 * whoever moved it; its requester hears of an approval, rejection, payment or failure; finance
 * (never the requester) is asked to act on what waits for one of them: a request to approve (not
 * who approved it already), a payout to review, in conflict, refused or failed.
 */
export async function notifyWithdrawalMove(
  db: DbOrTx,
  withdrawal: NotifiedWithdrawal,
  to: WithdrawalState,
  move?: WithdrawalMove,
): Promise<void> {
  await settleWithdrawalTasks(db, withdrawal, move ?? { actorId: null, label: to });
  const told = TOLD_REQUESTER[to];
  const key = `withdrawal:${withdrawal.id}:${to}:${withdrawal.updatedAt.getTime()}`;
  if (told) {
    await notify(db, await peopleWhoMay(db, "withdrawals:view", [withdrawal.requestedBy]), {
      kind: `withdrawal.${to}`,
      object: { type: "withdrawal", id: withdrawal.id },
      message: `Your withdrawal ${withdrawal.orderId} (${amountOf(withdrawal)}) ${told}.`,
      dedupeKey: key,
      mailCategory: "my_withdrawal",
    });
  }
  const toFinance = TOLD_FINANCE[to];
  if (toFinance) {
    // Who approved it already is not asked again; for everything else they may act, and are told.
    const approversToo = to === "awaiting_approval";
    const finance = await financeOtherThanThoseInvolved(db, withdrawal, approversToo);
    // A conflict may be money gone where nobody approved it: the admins who run the service hear too.
    const admins = to === "conflict" ? await peopleWhoMay(db, "service:manage") : [];
    await notify(db, [...new Set([...finance, ...admins])], {
      kind: `withdrawal.${to}`,
      object: { type: "withdrawal", id: withdrawal.id },
      message: toFinance(withdrawal),
      dedupeKey: key,
      needsAction: true,
      mailCategory: to === "awaiting_approval" ? "approval_waiting" : "payout_attention",
    });
  }
}

/** A proposal to close a payout that may have left waits for a second person in finance. */
export async function notifyCloseProposed(
  db: DbOrTx,
  withdrawal: NotifiedWithdrawal & { closeProposedBy: string | null; closeProposedReason: string | null },
): Promise<void> {
  const others = (await peopleWhoMay(db, "withdrawals:approve")).filter(
    (id) => id !== withdrawal.requestedBy && id !== withdrawal.closeProposedBy,
  );
  await notify(db, others, {
    kind: "withdrawal.close_proposed",
    object: { type: "withdrawal", id: withdrawal.id },
    message: `Closing withdrawal ${withdrawal.orderId} (${amountOf(withdrawal)}) waits for a second person to confirm nothing was sent: ${withdrawal.closeProposedReason ?? ""}`,
    dedupeKey: `withdrawal:${withdrawal.id}:close_proposed:${withdrawal.updatedAt.getTime()}`,
    needsAction: true,
    mailCategory: "payout_attention",
  });
}

/** A proposal to record a payout paid from the service's back office waits for a second person in finance. */
export async function notifyPaidProposed(
  db: DbOrTx,
  withdrawal: NotifiedWithdrawal & { paidProposedBy: string | null; paidProposedTxid: string | null },
): Promise<void> {
  const others = (await peopleWhoMay(db, "withdrawals:approve")).filter(
    (id) => id !== withdrawal.requestedBy && id !== withdrawal.paidProposedBy,
  );
  await notify(db, others, {
    kind: "withdrawal.paid_proposed",
    object: { type: "withdrawal", id: withdrawal.id },
    message: `Recording withdrawal ${withdrawal.orderId} (${amountOf(withdrawal)}) as paid waits for a second person to confirm it: the service's back office shows transaction ${withdrawal.paidProposedTxid ?? "?"}.`,
    dedupeKey: `withdrawal:${withdrawal.id}:paid_proposed:${withdrawal.updatedAt.getTime()}`,
    needsAction: true,
    mailCategory: "payout_attention",
  });
}

async function financeOtherThanThoseInvolved(
  db: DbOrTx,
  withdrawal: NotifiedWithdrawal,
  approversToo: boolean,
): Promise<string[]> {
  const approvers = approversToo
    ? await db
        .select({ id: withdrawalApprovals.approverId })
        .from(withdrawalApprovals)
        .where(eq(withdrawalApprovals.withdrawalId, withdrawal.id))
    : [];
  const involved = new Set([withdrawal.requestedBy, ...approvers.map((row) => row.id)]);
  return (await peopleWhoMay(db, "withdrawals:approve")).filter((id) => !involved.has(id));
}
