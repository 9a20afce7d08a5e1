/**
 * The withdrawal state machine: process → check → paid | fail, and cancel / system_fail from
 * any open state. Leaving for fail, cancel or system_fail refunds exactly what was debited.
 * Every change queues a webhook in the same transaction.
 */
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import { and, eq, inArray, lte } from "drizzle-orm";
import { merchants, withdrawals, type WithdrawalRow } from "../db/schema";
import type { SandboxContext } from "../context";
import { creditBalance } from "../balances";
import { enqueueWebhook } from "../webhooks/enqueue";
import { notFound, unprocessable } from "../errors";
import { REFUNDED_STATUSES, withdrawalWebhookPayload, type WithdrawalStatus } from "./present";

const NEXT: Record<WithdrawalStatus, WithdrawalStatus[]> = {
  process: ["check", "paid", "fail", "cancel", "system_fail"],
  check: ["paid", "fail", "system_fail"],
  paid: [],
  fail: [],
  cancel: [],
  system_fail: [],
};

export async function getWithdrawal(
  ctx: SandboxContext,
  id: string,
  merchantId: string,
): Promise<WithdrawalRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("Withdrawal not found.");
  const [row] = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.merchantId, merchantId)))
    .limit(1);
  if (!row) throw notFound("Withdrawal not found.");
  return row;
}

export async function setWithdrawalStatus(
  ctx: SandboxContext,
  id: string,
  merchantId: string | null,
  status: WithdrawalStatus,
): Promise<WithdrawalRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("Withdrawal not found.");
  const { row, queued } = await ctx.db.transaction(async (tx) => {
    const where = merchantId
      ? and(eq(withdrawals.id, id), eq(withdrawals.merchantId, merchantId))
      : eq(withdrawals.id, id);
    const [w] = await tx.select().from(withdrawals).where(where).limit(1).for("update");
    if (!w) throw notFound("Withdrawal not found.");
    const from = w.status as WithdrawalStatus;
    if (!NEXT[from]?.includes(status))
      throw unprocessable(`A withdrawal cannot go from ${from} to ${status}.`);
    const now = ctx.now();
    const txid = w.txid ?? (status === "check" || status === "paid" ? randomBytes(32).toString("hex") : null);
    const [updated] = await tx
      .update(withdrawals)
      .set({ status, txid, updatedAt: now })
      .where(eq(withdrawals.id, w.id))
      .returning();
    if (!updated) throw new Error("withdrawal update returned nothing");
    if (REFUNDED_STATUSES.includes(status))
      await creditBalance(tx, w.merchantId, w.currency, new Decimal(w.debitedAmount), now);
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, w.merchantId)).limit(1);
    const queued = merchant
      ? await enqueueWebhook(tx, {
          merchant,
          url: merchant.webhookUrl,
          resourceType: "withdrawal",
          resourceId: w.id,
          orderId: w.orderId,
          payload: withdrawalWebhookPayload(updated),
          at: now,
        })
      : false;
    return { row: updated, queued };
  });
  if (queued) ctx.notifyWebhooks();
  return row;
}

/** Demo mode: moves withdrawals process → check → paid, each step after `afterMs`. */
export async function autoSettleWithdrawals(ctx: SandboxContext, afterMs: number): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - afterMs);
  const due = await ctx.db
    .select({ id: withdrawals.id, status: withdrawals.status })
    .from(withdrawals)
    .where(and(inArray(withdrawals.status, ["process", "check"]), lte(withdrawals.updatedAt, cutoff)))
    .limit(100);
  for (const w of due) {
    try {
      await setWithdrawalStatus(ctx, w.id, null, w.status === "process" ? "check" : "paid");
    } catch {
      // changed concurrently (e.g. through the control API); the next sweep sees the new state
    }
  }
}
