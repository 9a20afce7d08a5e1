/** The withdrawal as the API shows it (section 2.1 plus status, currency, network, fee) and its webhook. */
import type { WithdrawalRow } from "../db/schema";
import { unixSeconds } from "../context";
import type { Encodable } from "../json";
import { additionalData } from "../invoices/present";
import Decimal from "decimal.js";

export const WITHDRAWAL_STATUSES = ["process", "check", "paid", "fail", "cancel", "system_fail"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const FINAL_WITHDRAWAL_STATUSES: WithdrawalStatus[] = ["paid", "fail", "cancel", "system_fail"];
/** Final states in which the debited amount goes back to the balance. */
export const REFUNDED_STATUSES: WithdrawalStatus[] = ["fail", "cancel", "system_fail"];

const str = (d: string) => new Decimal(d).toFixed();

/** Amounts are decimal strings (the spec leaves string or number open). */
export function presentWithdrawal(w: WithdrawalRow): Record<string, Encodable> {
  return {
    id: w.id,
    amount: str(w.amount),
    address: w.address,
    additional_data: additionalData(w.additionalData),
    created_at: unixSeconds(w.createdAt),
    update_at: unixSeconds(w.updatedAt),
    status: w.status,
    currency: w.currency,
    network: w.network,
    order_id: w.orderId,
    fee: str(w.fee),
    payout_amount: str(w.payoutAmount),
    is_subtract: w.isSubtract,
    txid: w.txid,
  };
}

export function withdrawalWebhookPayload(w: WithdrawalRow): Record<string, Encodable> {
  return {
    type: "withdrawal",
    withdrawal_id: w.id,
    order_id: w.orderId,
    status: w.status,
    is_final: FINAL_WITHDRAWAL_STATUSES.includes(w.status as WithdrawalStatus),
    amount: str(w.amount),
    payout_amount: str(w.payoutAmount),
    fee: str(w.fee),
    currency: w.currency,
    network: w.network,
    address: w.address,
    txid: w.txid,
    additional_data: additionalData(w.additionalData),
  };
}
