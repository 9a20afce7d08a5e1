/**
 * What each ledger entry that changes the merchant's balance is, in a statement's terms. An entry
 * changes the balance when one side of it is outside the merchant: `world` (customers, recipients)
 * or `fees` (the service). Entries between the merchant's own accounts (reserved, sent, failed,
 * released) move nothing out of the balance and are no line of a statement.
 *
 * The figures (docs/design.md, The statement):
 * - received: payments (world → invoice) and the service's corrections of their total, either way;
 * - refunded: what reached customers from refunds (refund or invoice account → world), less what
 *   came back (a refund paid, then reported failed);
 * - paid out: what reached recipients of payouts (payout or merchant account → world), less what
 *   came back;
 * - fees: what the service took (→ fees), less what it gave back;
 * - the balance as Paydesk knows it: received − refunded − paid out − fees.
 *
 * line-type-sql.ts names each entry's line type in SQL; this file says what each type means. A
 * fee learnt after its payout was booked paid moves from `world` to `fees`: part of what was
 * counted as paid out (or refunded) was the fee, and the balance does not change.
 */
export const FIGURES = ["received", "refunded", "paid_out", "fees"] as const;
export type Figure = (typeof FIGURES)[number];

export const FIGURE_LABELS: Record<Figure, string> = {
  received: "Received",
  refunded: "Refunded",
  paid_out: "Paid out",
  fees: "Fees",
};

export const LINE_TYPES = [
  "payment",
  "receipt_corrected_up",
  "receipt_corrected_down",
  "refund_paid",
  "refund_came_back",
  "payout_paid",
  "payout_came_back",
  "fee",
  "fee_given_back",
  "refund_fee_learnt",
  "payout_fee_learnt",
  "refund_fee_corrected",
  "payout_fee_corrected",
] as const;
export type LineType = (typeof LINE_TYPES)[number];

interface LineTypeMeaning {
  words: string;
  /** +1 or −1 per figure the entry's amount counts in. */
  shares: Partial<Record<Figure, 1 | -1>>;
}

export const LINE_TYPE_MEANINGS: Record<LineType, LineTypeMeaning> = {
  payment: { words: "Payment received", shares: { received: 1 } },
  receipt_corrected_up: {
    words: "Received: the service's total is higher than the payments seen",
    shares: { received: 1 },
  },
  receipt_corrected_down: {
    words: "Received: the service's total is lower than the payments seen",
    shares: { received: -1 },
  },
  refund_paid: { words: "Refund paid to the customer", shares: { refunded: 1 } },
  refund_came_back: { words: "Refund came back (reported failed after paid)", shares: { refunded: -1 } },
  payout_paid: { words: "Payout paid to the recipient", shares: { paid_out: 1 } },
  payout_came_back: { words: "Payout came back (reported failed after paid)", shares: { paid_out: -1 } },
  fee: { words: "Service fee", shares: { fees: 1 } },
  fee_given_back: { words: "Service fee given back", shares: { fees: -1 } },
  refund_fee_learnt: {
    words: "Fee learnt after the refund was paid: part of what was sent was the fee",
    shares: { fees: 1, refunded: -1 },
  },
  payout_fee_learnt: {
    words: "Fee learnt after the payout was paid: part of what was sent was the fee",
    shares: { fees: 1, paid_out: -1 },
  },
  refund_fee_corrected: {
    words: "Fee corrected: part of it reached the customer",
    shares: { fees: -1, refunded: 1 },
  },
  payout_fee_corrected: {
    words: "Fee corrected: part of it reached the recipient",
    shares: { fees: -1, paid_out: 1 },
  },
};

/** The line types that count in a figure. */
export function lineTypesOf(figure: Figure): LineType[] {
  return LINE_TYPES.filter((type) => LINE_TYPE_MEANINGS[type].shares[figure] !== undefined);
}

/** +1 or −1: what an entry of this type does to the balance (received − refunded − paid out − fees). */
export function balanceSign(type: LineType): number {
  const { shares } = LINE_TYPE_MEANINGS[type];
  return (shares.received ?? 0) - (shares.refunded ?? 0) - (shares.paid_out ?? 0) - (shares.fees ?? 0);
}
