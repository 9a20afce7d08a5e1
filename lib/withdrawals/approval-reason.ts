import { formatFiat } from "@/lib/display/money";
import { DEFAULT_LOCALE } from "@/lib/display/preferences";
import type { ApprovalThreshold } from "./approval-policy";

/**
 * Why a request needs two approvers, in words for the queue and the approval dialog: its value is
 * above the limit, or it cannot be compared with it (asked in crypto, or in another currency), in
 * which case the rule takes the safe side. Null when one approval is enough.
 */
export function whyTwoApprovals(
  required: number,
  threshold: ApprovalThreshold | null,
  request: { fiatAmount: string | null; fiatCurrency: string | null; currency: string },
  locale: string = DEFAULT_LOCALE,
): string | null {
  if (required < 2) return null;
  if (!threshold) return "Needs 2 approvals: it was asked for when the rule applied.";
  const limit = formatFiat(threshold.amount, threshold.fiatCurrency, locale);
  if (request.fiatAmount && request.fiatCurrency === threshold.fiatCurrency)
    return `Needs 2 approvals: ${formatFiat(request.fiatAmount, request.fiatCurrency, locale)} is above the ${limit} limit.`;
  if (request.fiatAmount && request.fiatCurrency)
    return `Needs 2 approvals: asked in ${request.fiatCurrency}, which Paydesk does not compare with the ${limit} limit, so it takes the safe side.`;
  return `Needs 2 approvals: asked in ${request.currency}, whose value Paydesk does not compare with the ${limit} limit, so it takes the safe side.`;
}
