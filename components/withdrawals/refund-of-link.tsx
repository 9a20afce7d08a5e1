import Link from "next/link";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/** "Refund of invoice …", so whoever decides on a payout sees why it exists. */
export function RefundOfLink({ refundOf }: { refundOf: WithdrawalView["refundOf"] }) {
  if (!refundOf) return null;
  return (
    <span className="text-sm" data-testid="refund-of-invoice">
      Refund of invoice{" "}
      <Link href={`/invoices/${refundOf.invoiceId}`} className="font-mono underline">
        {refundOf.orderId}
      </Link>
    </span>
  );
}
