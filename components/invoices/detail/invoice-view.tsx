"use client";

import { AuditLink } from "@/components/audit/audit-link";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { fetchJson } from "@/lib/query-client";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import type { InvoiceException } from "@/lib/exceptions/invoice-exception";
import type { InvoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { AmountsCard } from "./amounts-card";
import { CreationBanner } from "./creation-banner";
import { InvoiceStatusBadge } from "../invoice-status-badge";
import { JsonBlock } from "./json-block";
import { RefundsCard } from "./refunds-card";
import { ResolutionCard } from "./resolution-card";
import { ShareCard } from "./share-card";
import { SyncInfo } from "./sync-info";
import { Timeline } from "./timeline";
import { TransactionsTable } from "./transactions-table";

/** How often an open invoice's page asks for news; the server refreshes from the service at most every 5 s. */
const POLL_MS = 3_000;

export function InvoiceView({
  initial,
  canCreate,
  canAudit,
  refunds,
  canRefund,
  exception,
  canResolve,
}: {
  initial: InvoiceDetail;
  canCreate: boolean;
  canAudit: boolean;
  /** Null for people who may not see withdrawals. */
  refunds: InvoiceRefunds | null;
  canRefund: boolean;
  exception: InvoiceException;
  canResolve: boolean;
}) {
  const query = useQuery({
    queryKey: ["invoice", initial.id],
    queryFn: () => fetchJson<InvoiceDetail>(`/api/invoices/${initial.id}`),
    initialData: initial,
    refetchInterval: (current) => (current.state.data?.isFinal ? false : POLL_MS),
  });
  const invoice = query.data;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-slate-500">Invoice</p>
          <h1 className="font-mono text-xl font-semibold break-all">{invoice.orderId}</h1>
          <div className="flex items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} serviceStatus={invoice.serviceStatus} />
            {invoice.serviceStatus ? (
              <span className="text-xs text-slate-500" data-testid="service-status">
                service: {invoice.serviceStatus}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex items-center gap-3">
          {canAudit ? <AuditLink objectType="invoice" objectId={invoice.id} /> : null}
          {canCreate ? (
            <Button variant="secondary" asChild>
              <Link href={`/invoices/new?from=${invoice.id}`}>Duplicate</Link>
            </Button>
          ) : null}
        </div>
      </div>
      <CreationBanner invoice={invoice} canCreate={canCreate} />
      {invoice.creationState === "created" ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <AmountsCard invoice={invoice} />
            <ShareCard invoice={invoice} />
          </div>
          <ResolutionCard
            invoiceId={invoice.id}
            invoiceStatus={invoice.status}
            initial={exception}
            canResolve={canResolve}
          />
          <TransactionsTable transactions={invoice.transactions} currency={invoice.currency} />
          {refunds ? (
            <RefundsCard
              invoiceId={invoice.id}
              invoiceStatus={invoice.status}
              initial={refunds}
              canRefund={canRefund}
            />
          ) : null}
        </>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Timeline events={invoice.events} />
        <div className="grid content-start gap-6">
          <SyncInfo invoice={invoice} fetchFailed={query.isRefetchError} />
          {invoice.additionalData ? (
            <JsonBlock title="Additional data" value={invoice.additionalData} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
