"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { acceptAsPaidAction, markResolvedAction } from "@/lib/exceptions/actions";
import type { InvoiceException } from "@/lib/exceptions/invoice-exception";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";
import { formatDateTime } from "@/lib/format";
import { fetchJson } from "@/lib/query-client";
import { ResolveButton } from "./resolve-button";

const POLL_MS = 10_000;

const KIND_TEXT = {
  overpaid: "The customer paid more than the invoice asked.",
  underpaid: "The customer paid less than the invoice asked.",
  expired_with_payment: "A payment arrived but the invoice expired before it was complete.",
} as const;

/** An exception on the invoice page: how it was resolved, or the ways to resolve it. */
export function ResolutionCard({
  invoiceId,
  invoiceStatus,
  initial,
  canResolve,
}: {
  invoiceId: string;
  invoiceStatus: string;
  initial: InvoiceException;
  canResolve: boolean;
}) {
  const query = useQuery({
    queryKey: ["invoice-exception", invoiceId, invoiceStatus],
    queryFn: () => fetchJson<InvoiceException>(`/api/invoices/${invoiceId}/exception`),
    initialData: initial.invoiceStatus === invoiceStatus ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.kind && !current.state.data.resolution ? POLL_MS : false,
  });
  const data = query.data ?? initial;
  if (!data.kind && !data.resolution) return null;
  const { resolution, options } = data;
  return (
    <Card title="Exception">
      {data.kind ? <p className="text-sm">{KIND_TEXT[data.kind]}</p> : null}
      {resolution ? (
        <div
          className="grid gap-1 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm"
          data-testid="resolution"
        >
          <p className="font-medium">
            {RESOLUTION_LABELS[resolution.how]} by {resolution.by ?? "Paydesk"} on{" "}
            {formatDateTime(resolution.at)}
          </p>
          <p className="whitespace-pre-wrap">{resolution.note}</p>
        </div>
      ) : (
        <p className="text-sm font-medium text-amber-800" data-testid="resolution">
          Unresolved: it stays on the home page&apos;s worklist until someone deals with it.
          {options.includes("refund") ? " A refund (below) resolves it once paid." : ""}
        </p>
      )}
      {data.askForRest ? (
        <div className="grid gap-2">
          <label htmlFor={`ask-for-rest-${invoiceId}`} className="text-sm font-medium">
            Ask for the rest
          </label>
          <textarea
            id={`ask-for-rest-${invoiceId}`}
            readOnly
            rows={4}
            value={data.askForRest}
            className="w-full rounded-md border border-slate-300 bg-slate-50 p-2 text-sm"
          />
          <div>
            <CopyButton text={data.askForRest} what="Message">
              Copy message
            </CopyButton>
          </div>
        </div>
      ) : null}
      {canResolve && (options.includes("accept_as_paid") || options.includes("mark_resolved")) ? (
        <div className="flex flex-wrap gap-2">
          {options.includes("accept_as_paid") ? (
            <ResolveButton
              invoiceId={invoiceId}
              label="Accept as paid"
              title="Accept what arrived as full payment?"
              explanation="The invoice leaves the worklist as paid in full. Say why (e.g. the difference was settled another way)."
              action={acceptAsPaidAction}
              onDone={query.refetch}
            />
          ) : null}
          {options.includes("mark_resolved") ? (
            <ResolveButton
              invoiceId={invoiceId}
              label="Mark resolved"
              title="Mark this exception resolved?"
              explanation="The invoice leaves the worklist. Say how it was dealt with (e.g. credited to the customer's account)."
              action={markResolvedAction}
              onDone={query.refetch}
            />
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
