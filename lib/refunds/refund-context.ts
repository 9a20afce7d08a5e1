import type { RefundChoices } from "./refund-choices";

/** What the withdrawal form needs to know about the invoice a refund is for. */
export interface RefundContext {
  invoiceId: string;
  invoiceOrderId: string;
  currency: string;
  network: string;
  refundable: string;
  /** The excess of an overpayment (the default) and the whole payment (or the rest of it). */
  choices: RefundChoices;
  /** The wallets the customer paid from: offered, never filled in. */
  sourceWallets: string[];
}
