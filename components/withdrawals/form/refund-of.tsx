import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { RefundContext } from "@/lib/refunds/refund-context";

export function RefundOf({ refund }: { refund: RefundContext }) {
  return (
    <div
      className="grid gap-1 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm"
      data-testid="refund-of"
    >
      <p className="font-medium">
        Refund of invoice{" "}
        <Link href={`/invoices/${refund.invoiceId}`} className="font-mono underline">
          {refund.invoiceOrderId}
        </Link>
      </p>
      <p>
        Paid out in {refund.currency} on {refund.network}, as the customer paid. At most {refund.refundable}{" "}
        {refund.currency} can be refunded.
      </p>
    </div>
  );
}

export function SourceWalletSuggestions({
  wallets,
  onUse,
}: {
  wallets: string[];
  onUse: (wallet: string) => void;
}) {
  if (wallets.length === 0) return null;
  return (
    <div
      className="mt-2 grid gap-2 rounded-md border border-slate-200 p-3 text-sm"
      data-testid="source-wallets"
    >
      <p className="font-medium">The customer paid from:</p>
      <ul className="grid gap-1">
        {wallets.map((wallet) => (
          <li key={wallet} className="flex flex-wrap items-center gap-2">
            <code className="text-xs break-all">{wallet}</code>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onUse(wallet)}
              aria-label={`Use this address: ${wallet}`}
            >
              Use this address
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-amber-800">
        If that is an exchange&apos;s wallet, a refund sent to it may never reach the customer: when in doubt,
        ask the customer for an address of their own.
      </p>
    </div>
  );
}
