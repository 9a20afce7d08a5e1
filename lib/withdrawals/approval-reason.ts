import Decimal from "decimal.js";
import { formatFiat } from "@/lib/display/money";
import { DEFAULT_LOCALE } from "@/lib/display/preferences";
import type { ApprovalThreshold } from "./approval-policy";

/**
 * Why a request needs two approvers, in words for the queue and the approval dialog: its value is
 * above the limit (asked in fiat, or valued at the service's rate, `ruleValue`), or it cannot be
 * compared with it (asked in another fiat currency, or in crypto with no recent rate in the
 * limit's currency), in which case the rule takes the safe side. Null when one approval is enough.
 */
export function whyTwoApprovals(
  required: number,
  threshold: ApprovalThreshold | null,
  request: { fiatAmount: string | null; fiatCurrency: string | null; currency: string },
  ruleValue: { amount: string; fiatCurrency: string } | null = null,
  locale: string = DEFAULT_LOCALE,
): string | null {
  if (required < 2) return null;
  if (!threshold) return "Needs 2 approvals: it was asked for when the rule applied.";
  const limit = formatFiat(threshold.amount, threshold.fiatCurrency, locale);
  if (request.fiatAmount && request.fiatCurrency === threshold.fiatCurrency)
    return `Needs 2 approvals: ${formatFiat(request.fiatAmount, request.fiatCurrency, locale)} is above the ${limit} limit.`;
  if (request.fiatAmount && request.fiatCurrency)
    return `Needs 2 approvals: asked in ${request.fiatCurrency}, which Paydesk does not compare with the ${limit} limit, so it takes the safe side.`;
  if (ruleValue?.fiatCurrency === threshold.fiatCurrency) {
    const worth = formatFiat(ruleValue.amount, ruleValue.fiatCurrency, locale);
    return new Decimal(ruleValue.amount).greaterThan(threshold.amount)
      ? `Needs 2 approvals: worth about ${worth} at the service's latest rate, above the ${limit} limit.`
      : `Needs 2 approvals: it was above the ${limit} limit at the rate when last checked (about ${worth} now); the rule is checked again when it is approved.`;
  }
  return `Needs 2 approvals: asked in ${request.currency}, and the service has quoted no rate for it in ${threshold.fiatCurrency} in the last 24 hours, so Paydesk cannot compare it with the ${limit} limit and takes the safe side.`;
}
