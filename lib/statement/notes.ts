/** What the statement's figures mean, in the words the page and the workbook both show. */
export const STATEMENT_NOTES = [
  "Received: payments customers made, when Paydesk first saw each one, and the service's corrections of an invoice's total.",
  "Refunded: what refunds sent back to customers. Paid out: what payouts sent to their recipients. A payout reported failed after it was paid comes back into both.",
  "Fees: what the service took for payouts and refunds. When the service did not report a payout's fee, Paydesk books none: the statement counts those payouts instead of implying a fee of 0.",
  "Balance as Paydesk knows it: received − refunded − paid out − fees. Closing = opening + received − refunded − paid out − fees. Money reserved for a payout or on its way stays in the balance until it leaves.",
  "The lines list only the entries that change the balance: payments, refunds and payouts paid, fees, and what came back. Reserving, sending, failing and releasing a payout move nothing out of the balance and are not listed.",
] as const;
