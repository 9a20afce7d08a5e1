import type Decimal from "decimal.js";
import { accountRole } from "@/lib/ledger/accounts";

/** A place a payout's money is, with how much of it is there. */
export interface Place {
  where: string;
  amount: string;
}

const ORDER = ["reserved", "in_flight", "world", "fees"] as const;

/**
 * Where a payout's money is now, from the balances of the accounts its entries touch: held for
 * it, at the service, paid to its recipient, taken as the service's fee. The account it came from
 * (the invoice, the merchant's balance) is where the rest is: what was released went back there.
 */
export function whereaboutsOf(balances: ReadonlyMap<string, Decimal>, refund: boolean): Place[] {
  const words: Record<(typeof ORDER)[number], string> = {
    reserved: "Held for it, not sent",
    in_flight: "Sent to the service, not known to be paid",
    world: refund ? "Paid to the customer" : "Paid to the recipient",
    fees: "Taken by the service as its fee",
  };
  return ORDER.flatMap((role) => {
    const amount = [...balances]
      .filter(([account]) => accountRole(account) === role)
      .reduce<Decimal | null>((sum, [, balance]) => (sum ? sum.plus(balance) : balance), null);
    return amount?.gt(0) ? [{ where: words[role], amount: amount.toFixed() }] : [];
  });
}
