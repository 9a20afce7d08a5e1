import type Decimal from "decimal.js";
import { Money } from "./money";
import { accountRole } from "./accounts";

export interface Transfer {
  kind: LedgerKind;
  from: string;
  to: string;
  amount: Decimal;
}

export const LEDGER_KINDS = [
  "received",
  "received_adjusted",
  "reserved",
  "sent",
  "failed",
  "paid",
  "released",
  "fee",
  "reversed",
  "adjusted",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The pairs of account roles money moves between, in the order a difference is explained by them. */
const PREFERRED: readonly (readonly [string, string])[] = [
  ["merchant", "fees"],
  ["in_flight", "world"],
  ["in_flight", "fees"],
  ["reserved", "in_flight"],
  ["in_flight", "reserved"],
  ["reserved", "world"],
  ["reserved", "fees"],
  ["invoice", "reserved"],
  ["merchant", "reserved"],
  ["invoice", "in_flight"],
  ["merchant", "in_flight"],
  ["invoice", "world"],
  ["invoice", "fees"],
  ["merchant", "world"],
  ["reserved", "invoice"],
  ["reserved", "merchant"],
  ["in_flight", "invoice"],
  ["in_flight", "merchant"],
];

/** The name of a transfer between two accounts, by their roles. */
export function kindOf(from: string, to: string): LedgerKind {
  const [a, b] = [accountRole(from), accountRole(to)];
  if (a === "world" || a === "fees") return "reversed";
  if (b === "fees") return "fee";
  if (b === "world") return "paid";
  if (b === "reserved") return a === "in_flight" ? "failed" : "reserved";
  if (b === "in_flight") return "sent";
  if (b === "invoice" || b === "merchant") return "released";
  return "adjusted";
}

/**
 * The transfers that bring accounts from the balances their entries give (`current`) to the ones
 * the state asks for (`target`): each account that must give is paired with one that must take,
 * the usual movements first (a payout sent is one transfer from reserved to in flight, not a
 * release and a new reservation). Both sides sum to the same total, since every state's target
 * sums to zero as every entry does.
 */
export function planTransfers(current: Map<string, Decimal>, target: Map<string, Decimal>): Transfer[] {
  const delta = new Map<string, Decimal>();
  for (const account of new Set([...current.keys(), ...target.keys()])) {
    const change = (target.get(account) ?? new Money(0)).minus(current.get(account) ?? 0);
    if (!change.isZero()) delta.set(account, change);
  }
  const givers = () => [...delta].filter(([, change]) => change.lt(0)).map(([account]) => account);
  const takers = () => [...delta].filter(([, change]) => change.gt(0)).map(([account]) => account);
  const transfers: Transfer[] = [];
  const deltaOf = (account: string) => delta.get(account) ?? new Money(0);
  const move = (from: string, to: string) => {
    const amount = Money.min(deltaOf(from).negated(), deltaOf(to));
    transfers.push({ kind: kindOf(from, to), from, to, amount });
    for (const [account, by] of [
      [from, amount],
      [to, amount.negated()],
    ] as const) {
      const left = deltaOf(account).plus(by);
      if (left.isZero()) delta.delete(account);
      else delta.set(account, left);
    }
  };
  for (const [fromRole, toRole] of PREFERRED) {
    for (const from of givers().filter((account) => accountRole(account) === fromRole)) {
      for (const to of takers().filter((account) => accountRole(account) === toRole)) {
        if (delta.has(from) && delta.has(to)) move(from, to);
      }
    }
  }
  for (const from of givers().sort()) {
    for (const to of takers().sort()) if (delta.has(from) && delta.has(to)) move(from, to);
  }
  if (delta.size > 0) throw new Error(`unbalanced ledger target: ${[...delta].join(", ")}`);
  return transfers;
}
