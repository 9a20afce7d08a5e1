import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { fiatValueOf, requiredApprovals, type ApprovalThreshold } from "./approval-policy";
import { convertAtRate, type ServiceRate } from "./fiat-value";
import { serviceRatesFor, type RatedPayout } from "./service-rates";

type RuleTerms = RatedPayout & { fiatAmount: string | null; fiatCurrency: string | null };
type RuleValue = { amount: string; fiatCurrency: string };

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
): Promise<RuleValue | null> {
  if (!threshold || fiatValueOf(payout) || payout.amount === null) return fiatValueOf(payout);
  const rate = (await serviceRatesFor(db, [payout], threshold.fiatCurrency, now)).get(payout.id);
  return ruleValueAt(payout, rate ?? null);
}

/** The rule's value of `payout` given the rate already looked up for it (null: none). */
export function ruleValueAt(
  payout: Pick<RuleTerms, "amount" | "currency" | "fiatAmount" | "fiatCurrency">,
  rate: ServiceRate | null,
): RuleValue | null {
  const asked = fiatValueOf(payout);
  if (asked || payout.amount === null || rate?.coin !== payout.currency) return asked;
  const amount = convertAtRate(payout.amount, rate);
  return amount === null ? null : { amount, fiatCurrency: rate.fiatCurrency };
}

/** How many approvals a payout needs under `threshold`, its crypto valued as valueForRule says. */
export async function approvalsNeeded(
  db: DbOrTx,
  payout: RuleTerms,
  threshold: ApprovalThreshold | null,
): Promise<1 | 2> {
  return requiredApprovals(threshold, await valueForRule(db, payout, threshold));
}
