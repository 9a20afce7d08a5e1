import Decimal from "decimal.js";
import type { InvoiceStatus } from "./status";

/**
 * Reads of an invoice race (webhooks, the loop, a person watching, other instances), so an answer
 * may be older than what is stored. An invoice only moves forward in evidence: payments are never
 * fewer, amounts received never lower, and a final status is replaced only by a final one ranked
 * at least as high (a late payment turns expired into paid, nothing turns paid into expired).
 */
export interface Evidence {
  status: InvoiceStatus;
  isFinal: boolean;
  paidCryptoAmount: string | null;
  paidFiatAmount: string | null;
  /** How many payments it lists. */
  transactions: number;
}

/** Among final statuses; any status that is not final ranks below all of them. */
const FINAL_RANK: Record<InvoiceStatus, number> = {
  failed: 1,
  expired: 2,
  underpaid: 3,
  paid: 4,
  overpaid: 5,
  open: 0,
  unknown: 0,
};

export function statusRank(status: InvoiceStatus, isFinal: boolean): number {
  return isFinal ? FINAL_RANK[status] : 0;
}

/** True when `answer` says less than `stored` already knows: it is older news and changes nothing. */
export function isOlderNews(stored: Evidence, answer: Evidence): boolean {
  if (answer.transactions < stored.transactions) return true;
  if (received(answer.paidCryptoAmount).lt(received(stored.paidCryptoAmount))) return true;
  if (received(answer.paidFiatAmount).lt(received(stored.paidFiatAmount))) return true;
  if (!stored.isFinal) return false;
  return !answer.isFinal || statusRank(answer.status, true) < statusRank(stored.status, true);
}

function received(amount: string | null): Decimal {
  return new Decimal(amount ?? 0);
}
