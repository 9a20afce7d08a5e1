import "server-only";
import { eq } from "drizzle-orm";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { RuleError } from "@/lib/auth/rule-error";
import { notifyWithdrawalMove } from "@/lib/notifications/withdrawal-events";
import { requiredApprovals } from "./approval-policy";
import type { ValidWithdrawalForm } from "./form-schema";
import { getApprovalThreshold } from "./settings";
import { recordTrailEntry } from "./trail";

/**
 * Records a request awaiting approval, with the number of approvals the policy asks for now. The
 * form's order id (made when it was opened) makes this idempotent: the same form sent again by
 * its requester gives back the request it made.
 */
export async function requestWithdrawal(
  db: DbOrTx,
  form: ValidWithdrawalForm,
  requesterId: string,
  link: { refundOfInvoiceId?: string } = {},
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const threshold = await getApprovalThreshold(tx);
    const fiatValue =
      form.amountIn === "fiat" ? { amount: form.fiatAmount, fiatCurrency: form.fiatCurrency } : null;
    const [created] = await tx
      .insert(withdrawals)
      .values({
        orderId: form.orderId,
        requestToken: form.orderId,
        state: "awaiting_approval",
        amount: form.amountIn === "crypto" ? form.amount : null,
        fiatAmount: form.amountIn === "fiat" ? form.fiatAmount : null,
        fiatCurrency: form.amountIn === "fiat" ? form.fiatCurrency : null,
        currency: form.currency,
        network: form.network,
        address: form.address,
        isSubtract: form.isSubtract,
        customerId: form.customerId || null,
        reason: form.reason,
        refundOfInvoiceId: link.refundOfInvoiceId ?? null,
        requestedBy: requesterId,
        requiredApprovals: requiredApprovals(threshold, fiatValue),
      })
      .onConflictDoNothing({ target: withdrawals.orderId })
      .returning();
    if (!created) return existingRequest(tx, form.orderId, requesterId);
    await recordTrailEntry(tx, {
      withdrawalId: created.id,
      action: "withdrawal.requested",
      source: "user",
      actorId: requesterId,
      fromState: null,
      toState: "awaiting_approval",
      reason: form.reason,
    });
    await notifyWithdrawalMove(tx, created, "awaiting_approval");
    return created;
  });
}

export async function existingRequest(tx: DbOrTx, orderId: string, requesterId: string): Promise<Withdrawal> {
  const [existing] = await tx.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
  if (existing?.requestedBy === requesterId) return existing;
  throw new RuleError("This form's order id is already used by another request: open a new form.", {
    field: "orderId",
  });
}
