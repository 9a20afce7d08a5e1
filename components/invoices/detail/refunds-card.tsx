"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { WithdrawalStateBadge } from "@/components/withdrawals/withdrawal-state-badge";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { formatDateTime } from "@/lib/format";
import { fetchJson } from "@/lib/query-client";
import type { InvoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { FINAL_STATES } from "@/lib/withdrawals/state-machine";

const POLL_MS = 5_000;

/** The refunds of an invoice with their live states, and the way to ask for one. */
export function RefundsCard({
  invoiceId,
  invoiceStatus,
  initial,
  canRefund,
}: {
  invoiceId: string;
  /** The invoice's live status: when it changes (a payment arrived), the refunds are read again. */
  invoiceStatus: string;
  initial: InvoiceRefunds;
  canRefund: boolean;
}) {
  const query = useQuery({
    queryKey: ["invoice-refunds", invoiceId, invoiceStatus],
    queryFn: () => fetchJson<InvoiceRefunds>(`/api/invoices/${invoiceId}/refunds`),
    initialData: initial.invoiceStatus === invoiceStatus ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.refunds.some((refund) => !FINAL_STATES.includes(refund.state)) ? POLL_MS : false,
  });
  const data = query.data ?? initial;
  const canAskForOne = canRefund && data.offersRefund;
  if (data.refunds.length === 0 && !canAskForOne) return null;
  return (
    <Card
      title="Refunds"
      action={
        canAskForOne ? (
          <Button asChild size="sm">
            <Link href={`/withdrawals/new?refundOf=${invoiceId}`}>Refund</Link>
          </Button>
        ) : null
      }
    >
      <p className="text-sm text-slate-600" data-testid="refund-figures">
        Received {data.received} {data.currency}
        {data.offersRefund ? `; ${data.refundable} ${data.currency} can still be refunded.` : "."}
      </p>
      {data.toSettle !== null && isPositiveAmount(data.refundedSoFar) ? (
        <p className="text-sm text-slate-600" data-testid="refund-progress">
          Refunds paid out sent back {data.refundedSoFar} of the {data.toSettle} {data.currency} this
          exception puts at stake
          {isPositiveAmount(data.leftToSettle) ? `; ${data.leftToSettle} ${data.currency} is left.` : "."}
        </p>
      ) : null}
      {data.refunds.length === 0 ? (
        <p className="text-sm text-slate-600">No refund has been requested.</p>
      ) : (
        <ul className="grid gap-2" data-testid="refunds">
          {data.refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Link href={`/withdrawals/${refund.id}`} className="font-mono underline">
                {refund.orderId}
              </Link>
              <span>
                {refund.amount} {data.currency}
              </span>
              <WithdrawalStateBadge state={refund.state} />
              <span className="text-slate-500">{formatDateTime(refund.createdAt)}</span>
              <code className="basis-full truncate text-xs text-slate-500" title={refund.address}>
                to {refund.address}
              </code>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
