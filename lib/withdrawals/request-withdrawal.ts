import "server-only";
import { withdrawalAudit, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { requiredApprovals } from "./approval-policy";
import type { ValidWithdrawalForm } from "./form-schema";
import { newOrderId } from "@/lib/order-id";
import { getApprovalThreshold } from "./settings";

/** Records a request awaiting approval, with the number of approvals the policy asks for now. */
export async function requestWithdrawal(
  db: Db,
  form: ValidWithdrawalForm,
  requesterId: string,
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const threshold = await getApprovalThreshold(tx);
    const fiatValue =
      form.amountIn === "fiat" ? { amount: form.fiatAmount, fiatCurrency: form.fiatCurrency } : null;
    const [created] = await tx
      .insert(withdrawals)
      .values({
        orderId: newOrderId("wd"),
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
        requestedBy: requesterId,
        requiredApprovals: requiredApprovals(threshold, fiatValue),
      })
      .returning();
    if (!created) throw new Error("insert returned no row");
    await tx.insert(withdrawalAudit).values({
      withdrawalId: created.id,
      actorId: requesterId,
      source: "user",
      fromState: null,
      toState: "awaiting_approval",
      reason: form.reason,
    });
    return created;
  });
}
