import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { fiatValueOf, requiredApprovals, type ApprovalThreshold } from "./approval-policy";
import { convertAtRate } from "./fiat-value";
import { serviceRatesFor, type RatedPayout } from "./service-rates";

type RuleTerms = RatedPayout & { fiatAmount: string | null; fiatCurrency: string | null };

/**
 * The value the two-approver rule compares with its limit: the fiat amount a payout was asked in,
 * or, for one asked in crypto, its worth at the service's latest rate in the limit's currency
 * (the rate the approvals queue shows when that is the reporting currency). Null when there is
 * no such rate: the rule then takes the safe side.
 */
export async function valueForRule(
  db: DbOrTx,
  payout: RuleTerms,
  threshold: ApprovalThreshold | null,
  now: Date = new Date(),
): Promise<{ amount: string; fiatCurrency: string } | null> {
  const asked = fiatValueOf(payout);
  if (asked || !threshold || payout.amount === null) return asked;
  const rate = (await serviceRatesFor(db, [payout], threshold.fiatCurrency, now)).get(payout.id);
  const amount = rate ? convertAtRate(payout.amount, rate) : null;
  return amount === null ? null : { amount, fiatCurrency: threshold.fiatCurrency };
}

/** How many approvals a payout needs under `threshold`, its crypto valued as valueForRule says. */
export async function approvalsNeeded(
  db: DbOrTx,
  payout: RuleTerms,
  threshold: ApprovalThreshold | null,
): Promise<1 | 2> {
  return requiredApprovals(threshold, await valueForRule(db, payout, threshold));
}
