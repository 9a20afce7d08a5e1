"use client";

import Big from "big.js";
import Link from "next/link";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { WithdrawalStateBadge } from "@/components/withdrawals/withdrawal-state-badge";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import type { InvoiceRefunds } from "@/lib/refunds/invoice-refunds";

/**
 * The refunds of an invoice with their live states, and the way to ask for one. An overpayment
 * offers its excess; the whole payment is a choice made on the refund form, never the default;
 * once refunds cover the excess, refunding more is an explicit "Refund more".
 */
export function RefundsCard({
  invoiceId,
  data,
  canRefund,
}: {
  invoiceId: string;
  data: InvoiceRefunds;
  canRefund: boolean;
}) {
  const display = useDisplay();
  const money = (amount: string) => display.crypto(amount, data.currency);
  const canAskForOne = canRefund && data.offersRefund;
  if (data.refunds.length === 0 && !canAskForOne) return null;
  const { choices } = data;
  const action = !canAskForOne ? null : choices.preferred === "excess" ? (
    <RefundLink invoiceId={invoiceId}>Refund the excess</RefundLink>
  ) : choices.preferred === "rest" ? (
    <RefundLink invoiceId={invoiceId}>Refund</RefundLink>
  ) : (
    <RefundLink invoiceId={invoiceId} variant="secondary">
      Refund more
    </RefundLink>
  );
  return (
    <Card title="Refunds" action={action}>
      <p className="text-sm text-slate-600" data-testid="refund-figures">
        {data.excess !== null
          ? `Received ${money(data.received)}: ${money(data.excess)} more than the invoice asked.`
          : `Received ${money(data.received)}.`}
        <PaidBack data={data} money={money} />
        {data.offersRefund ? <Offer data={data} money={money} /> : null}
      </p>
      {data.refunds.length === 0 ? (
        <p className="text-sm text-slate-600">No refund has been requested.</p>
      ) : (
        <ul className="grid gap-2" data-testid="refunds">
          {data.refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Link href={`/withdrawals/${refund.id}`} className="font-mono underline">
                {refund.orderId}
              </Link>
              <span className="whitespace-nowrap">{refund.amount ? money(refund.amount) : "—"}</span>
              <WithdrawalStateBadge state={refund.state} />
              <span className="text-slate-500">{display.dateTime(refund.createdAt)}</span>
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

function RefundLink({
  invoiceId,
  variant,
  children,
}: {
  invoiceId: string;
  variant?: "secondary";
  children: string;
}) {
  return (
    <Button asChild size="sm" variant={variant}>
      <Link href={`/withdrawals/new?refundOf=${invoiceId}`}>{children}</Link>
    </Button>
  );
}

/** What refunds paid out gave back so far, against what the exception put at stake. */
function PaidBack({ data, money }: { data: InvoiceRefunds; money: (amount: string) => string }) {
  if (!isPositiveAmount(data.refundedSoFar)) return null;
  const sent = ` Refunds paid out gave back ${money(data.refundedSoFar)}`;
  if (new Big(data.refundedSoFar).gte(data.received)) return <>{sent}: the whole payment.</>;
  if (data.excess !== null && new Big(data.refundedSoFar).gte(data.excess)) return <>{sent}: the excess.</>;
  if (data.toSettle !== null && isPositiveAmount(data.leftToSettle)) {
    return (
      <>
        {sent} of the {money(data.toSettle)} at stake; {money(data.leftToSettle ?? "0")} is left.
      </>
    );
  }
  return <>{sent}.</>;
}

/** What a new refund would give back: the excess by default, the whole payment as a choice. */
function Offer({ data, money }: { data: InvoiceRefunds; money: (amount: string) => string }) {
  const { excess, rest, preferred, restIsWhole } = data.choices;
  if (preferred === "excess" && excess) {
    const other = rest
      ? `; the ${restIsWhole ? "whole payment" : "rest of the payment"} (${money(rest.amount)}) is a choice on the refund form`
      : "";
    return (
      <>
        {" "}
        A refund gives back the excess, {money(excess.amount)}, by default{other}.
      </>
    );
  }
  if (preferred === "rest" && rest) return <> {money(rest.amount)} can still be refunded.</>;
  return <> Refunds on their way cover the excess.</>;
}
