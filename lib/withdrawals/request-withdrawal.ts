import "server-only";
import { and, eq } from "drizzle-orm";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { syncPayoutBooks } from "@/lib/ledger/sync-payout";
import { notifyWithdrawalMove } from "@/lib/notifications/withdrawal-events";
import { newOrderId } from "@/lib/order-id";
import type { ValidWithdrawalForm } from "./form-schema";
import { getApprovalThreshold } from "./threshold-setting";
import { approvalsNeeded } from "./rule-value";
import { recordTrailEntry } from "./trail";

/** What a payout is, as its request or a resend of it carries it. */
export type PayoutTerms = Pick<
  Withdrawal,
  | "amount"
  | "fiatAmount"
  | "fiatCurrency"
  | "currency"
  | "network"
  | "address"
  | "isSubtract"
  | "customerId"
  | "reason"
  | "refundOfInvoiceId"
>;

/**
 * Records a request awaiting approval, with the number of approvals the policy asks for now and
 * an order id made here (the service de-duplicates by it, so it is never the browser's to
 * choose). The form's token makes this idempotent: the same form sent again by its requester
 * gives back the request it made.
 */
export async function requestWithdrawal(
  db: DbOrTx,
  form: ValidWithdrawalForm,
  requesterId: string,
  link: { refundOfInvoiceId?: string } = {},
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const created = await insertRequest(tx, termsOf(form, link.refundOfInvoiceId ?? null), {
      requestedBy: requesterId,
      requestToken: form.requestToken,
      reason: form.reason,
    });
    if (created) return created;
    const sent = await findFormRequest(tx, form.requestToken, requesterId);
    if (!sent) throw new Error(`request token ${form.requestToken} conflicted but names no request`);
    return sent;
  });
}

/**
 * Inserts a request awaiting approval with its trail entry and notifications; null when this
 * requester already sent a form with this token.
 */
export async function insertRequest(
  tx: DbOrTx,
  terms: PayoutTerms,
  request: {
    requestedBy: string;
    requestToken: string;
    reason: string;
    resendOfWithdrawalId?: string;
    actorId?: string;
  },
): Promise<Withdrawal | null> {
  const threshold = await getApprovalThreshold(tx);
  const required = await approvalsNeeded(tx, { ...terms, id: "" }, threshold);
  const [created] = await tx
    .insert(withdrawals)
    .values({
      ...terms,
      orderId: newOrderId("wd"),
      requestToken: request.requestToken,
      state: "awaiting_approval",
      requestedBy: request.requestedBy,
      resendOfWithdrawalId: request.resendOfWithdrawalId ?? null,
      requiredApprovals: required,
    })
    .onConflictDoNothing({ target: [withdrawals.requestedBy, withdrawals.requestToken] })
    .returning();
  if (!created) return null;
  await syncPayoutBooks(tx, created, { kind: "request", actorId: request.actorId ?? request.requestedBy });
  await recordTrailEntry(tx, {
    withdrawalId: created.id,
    action: "withdrawal.requested",
    source: "user",
    actorId: request.actorId ?? request.requestedBy,
    fromState: null,
    toState: "awaiting_approval",
    reason: request.reason,
  });
  await notifyWithdrawalMove(tx, created, "awaiting_approval");
  return created;
}

/** The request this requester's form with this token made, if it made one. */
export async function findFormRequest(
  tx: DbOrTx,
  requestToken: string,
  requesterId: string,
): Promise<Withdrawal | null> {
  const [existing] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.requestedBy, requesterId), eq(withdrawals.requestToken, requestToken)));
  return existing ?? null;
}

export function payoutTermsOf(withdrawal: Withdrawal): PayoutTerms {
  const { amount, fiatAmount, fiatCurrency, currency, network, address, isSubtract } = withdrawal;
  const { customerId, reason, refundOfInvoiceId } = withdrawal;
  return {
    amount,
    fiatAmount,
    fiatCurrency,
    currency,
    network,
    address,
    isSubtract,
    customerId,
    reason,
    refundOfInvoiceId,
  };
}

function termsOf(form: ValidWithdrawalForm, refundOfInvoiceId: string | null): PayoutTerms {
  return {
    amount: form.amountIn === "crypto" ? form.amount : null,
    fiatAmount: form.amountIn === "fiat" ? form.fiatAmount : null,
    fiatCurrency: form.amountIn === "fiat" ? form.fiatCurrency : null,
    currency: form.currency,
    network: form.network,
    address: form.address,
    isSubtract: form.isSubtract,
    customerId: form.customerId || null,
    reason: form.reason,
    refundOfInvoiceId,
  };
}
