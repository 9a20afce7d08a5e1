import type { WithdrawalState } from "./state-machine";

/** "10 USDT" or "100 EUR (converted by the service)". */
export function describeAmount(withdrawal: {
  amount: string | null;
  currency: string;
  fiatAmount: string | null;
  fiatCurrency: string | null;
}): string {
  if (withdrawal.amount) return `${withdrawal.amount} ${withdrawal.currency}`;
  return `${withdrawal.fiatAmount ?? "?"} ${withdrawal.fiatCurrency ?? ""} in ${withdrawal.currency} (converted by the service)`;
}

export function describeFee(isSubtract: boolean): string {
  return isSubtract
    ? "We pay the network fee; the recipient gets the full amount."
    : "The recipient pays the network fee; they get the amount minus the fee.";
}

export const WITHDRAWAL_STATE_TONES: Record<
  WithdrawalState,
  "info" | "success" | "warning" | "neutral" | "danger"
> = {
  awaiting_approval: "warning",
  approved: "info",
  submitting: "info",
  submitted: "info",
  failed: "danger",
  unknown: "warning",
  rejected: "neutral",
  cancelled: "neutral",
  paid: "success",
  service_failed: "danger",
  needs_review: "danger",
  conflict: "danger",
  closed: "neutral",
};
