"use client";

import { useDisplay } from "@/components/display/display-provider";
import { Card } from "@/components/ui/card";
import { acceptAsPaidAction, markResolvedAction } from "@/lib/exceptions/actions";
import type { InvoiceException } from "@/lib/exceptions/invoice-exception";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";
import { ExceptionStakeLine } from "./exception-stake";
import { ResolveButton } from "./resolve-button";

const KIND_TEXT = {
  overpaid: "The customer paid more than the invoice asked.",
  underpaid: "The customer paid less than the invoice asked.",
  expired_with_payment: "A payment arrived but the invoice expired before it was complete.",
} as const;

const REFUNDED_TEXT = {
  excess: "the excess was paid back",
  whole: "the whole payment was paid back",
  part: "part of it was paid back",
} as const;

/** An exception on the invoice page: what is at stake, how it was resolved, or the ways to resolve it. */
export function ResolutionCard({
  invoiceId,
  data,
  canResolve,
  onResolved,
}: {
  invoiceId: string;
  data: InvoiceException;
  canResolve: boolean;
  onResolved: () => Promise<unknown>;
}) {
  const display = useDisplay();
  if (!data.kind && !data.resolution) return null;
  const { resolution, options, stake, refunded } = data;
  return (
    <Card title="Exception">
      <div className="grid gap-1">
        {stake ? <ExceptionStakeLine stake={stake} /> : null}
        {data.kind ? <p className="text-sm text-slate-600">{KIND_TEXT[data.kind]}</p> : null}
      </div>
      {resolution ? (
        <div
          className="grid gap-1 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm"
          data-testid="resolution"
        >
          <p className="font-medium">
            {RESOLUTION_LABELS[resolution.how]} by {resolution.by ?? "Paydesk"} on{" "}
            {display.dateTime(resolution.at)}
            {resolution.how === "refunded" && refunded && stake
              ? `: ${REFUNDED_TEXT[refunded.what]} (${display.crypto(refunded.amount, stake.currency)}).`
              : null}
          </p>
          <p className="whitespace-pre-wrap">{resolution.note}</p>
        </div>
      ) : (
        <p className="text-sm font-medium text-amber-800" data-testid="resolution">
          Unresolved: it stays on the home page&apos;s worklist until someone deals with it.
          {options.includes("refund")
            ? data.kind === "overpaid"
              ? " A refund of the excess (below) resolves it once paid out."
              : " A refund (below) resolves it once paid out."
            : ""}
        </p>
      )}
      {canResolve && (options.includes("accept_as_paid") || options.includes("mark_resolved")) ? (
        <div className="flex flex-wrap gap-2">
          {options.includes("accept_as_paid") ? (
            <ResolveButton
              invoiceId={invoiceId}
              label="Accept as paid"
              title="Accept what arrived as full payment?"
              explanation="The invoice leaves the worklist as paid in full. Say why (e.g. the difference was settled another way)."
              action={acceptAsPaidAction}
              onDone={onResolved}
            />
          ) : null}
          {options.includes("mark_resolved") ? (
            <ResolveButton
              invoiceId={invoiceId}
              label="Mark resolved"
              title="Mark this exception resolved?"
              explanation="The invoice leaves the worklist. Say how it was dealt with (e.g. credited to the customer's account)."
              action={markResolvedAction}
              onDone={onResolved}
            />
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
