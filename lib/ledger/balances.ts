import type Decimal from "decimal.js";
import { Money } from "./money";
import { accountType, invoiceAccount, WORLD } from "./accounts";

export interface EntryFlow {
  kind: string;
  fromAccount: string;
  toAccount: string;
  amount: string;
}

/** Each account's balance from entries: what came in minus what went out. */
export function balancesOf(entries: readonly EntryFlow[]): Map<string, Decimal> {
  const balances = new Map<string, Decimal>();
  const add = (account: string, value: Decimal) =>
    balances.set(account, (balances.get(account) ?? new Money(0)).plus(value));
  for (const entry of entries) {
    const amount = new Money(entry.amount);
    add(entry.fromAccount, amount.negated());
    add(entry.toAccount, amount);
  }
  return balances;
}

export interface InvoiceFigures {
  /** What its customer paid (payments, and the service's corrections of their total). */
  received: Decimal;
  /** What refunds of it sent back: gone to the customer, with any fee the service took from it. */
  refunded: Decimal;
  /** What refunds of it hold and have not sent back yet (requested, approved, on their way). */
  held: Decimal;
  /** What the merchant still holds of it: received minus held minus refunded. */
  balance: Decimal;
}

/** Payments and the service's corrections of their total: never a refund, whichever way they go. */
const RECEIPTS = new Set(["received", "received_adjusted"]);

const isOutside = (account: string) => account === WORLD || accountType(account) === "fees";

/**
 * An invoice's figures from its entries (every entry of its payments and of its refunds). A fee
 * the service took from the merchant's balance is no part of what the customer got back.
 */
export function invoiceFigures(invoiceId: string, entries: readonly EntryFlow[]): InvoiceFigures {
  const own = invoiceAccount(invoiceId);
  let received = new Money(0);
  let refunded = new Money(0);
  for (const entry of entries) {
    const amount = new Money(entry.amount);
    if (RECEIPTS.has(entry.kind)) {
      if (entry.toAccount === own) received = received.plus(amount);
      else if (entry.fromAccount === own) received = received.minus(amount);
    } else if (isOutside(entry.toAccount) && accountType(entry.fromAccount) !== "merchant")
      refunded = refunded.plus(amount);
    else if (isOutside(entry.fromAccount) && accountType(entry.toAccount) !== "merchant")
      refunded = refunded.minus(amount);
  }
  const balance = balancesOf(entries).get(own) ?? new Money(0);
  return { received, refunded, held: received.minus(refunded).minus(balance), balance };
}
