/** What the withdrawal form needs to know about the invoice a refund is for. */
export interface RefundContext {
  invoiceId: string;
  invoiceOrderId: string;
  currency: string;
  network: string;
  refundable: string;
  /** The wallets the customer paid from: offered, never filled in. */
  sourceWallets: string[];
}
