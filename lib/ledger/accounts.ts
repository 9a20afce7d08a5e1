/**
 * The ledger's accounts, per coin and network (each entry names its coin; an account's balance is
 * read within one). Double entry: every entry takes its amount from one account and puts it in
 * another, so the balances of all accounts always sum to zero.
 *
 * - `world`: everyone outside the merchant: customers who pay, recipients of payouts. Its balance
 *   is minus what the merchant holds.
 * - `invoice:<id>`: what an invoice's customer paid that the merchant still holds. Payments come
 *   in from `world`; refunds of the invoice draw on it. Its balance is what can still be refunded.
 * - `merchant`: the merchant's balance outside any invoice; ordinary payouts and fees the service
 *   takes from the balance (is_subtract) draw on it, so it runs below zero by what they took.
 * - `refund:<id>:reserved` / `payout:<id>:reserved`: a refund's or payout's amount, held from the
 *   moment it is requested (or failed and may be sent again) until it leaves or is released.
 * - `refund:<id>:in_flight` / `payout:<id>:in_flight`: sent to the service, outcome not final (or
 *   closed without proof that nothing left).
 * - `fees`: what the service took as its fee.
 *
 * A payout paid moves its amount from its account to `world` (and its fee to `fees`); released
 * (rejected, cancelled, nothing sent) moves it back to where it came from.
 */
export const WORLD = "world";
export const FEES = "fees";
export const MERCHANT = "merchant";

export const invoiceAccount = (invoiceId: string) => `invoice:${invoiceId}`;

export type PayoutStage = "reserved" | "in_flight";

export function payoutAccount(payout: { id: string; refundOfInvoiceId: string | null }, stage: PayoutStage) {
  return `${payout.refundOfInvoiceId ? "refund" : "payout"}:${payout.id}:${stage}`;
}

/** Where a payout's money comes from: the refunded invoice, or the merchant's balance. */
export function payoutSource(payout: { refundOfInvoiceId: string | null }) {
  return payout.refundOfInvoiceId ? invoiceAccount(payout.refundOfInvoiceId) : MERCHANT;
}

/** The account's type: world, fees, merchant, invoice, refund or payout. */
export function accountType(account: string): string {
  return account.split(":", 1)[0] ?? account;
}

/** What an account is for when entries are named: the stage of a payout account, else its type. */
export function accountRole(account: string): string {
  const parts = account.split(":");
  return parts.length === 3 ? (parts[2] ?? account) : (parts[0] ?? account);
}
