"use client";

import { AuditLink } from "@/components/audit/audit-link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { takeJustCreated } from "@/components/invoices/just-created";
import { InvoiceLedgerCard } from "@/components/ledger/invoice-ledger-card";
import { Button } from "@/components/ui/button";
import { fetchJson } from "@/lib/query-client";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import type { InvoiceException } from "@/lib/exceptions/invoice-exception";
import type { InvoiceLedger } from "@/lib/ledger-lines/read-lines";
import type { InvoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { AmountsCard } from "./amounts-card";
import { CreationBanner } from "./creation-banner";
import { InvoiceStatusBadge } from "../invoice-status-badge";
import { JsonBlock } from "./json-block";
import { RefundsCard } from "./refunds-card";
import { ResolutionCard } from "./resolution-card";
import { EmailCard } from "./email-card";
import { ShareCard } from "./share-card";
import { customerMessageKind } from "@/lib/invoices/customer-message";
import { SyncInfo } from "./sync-info";
import { Timeline } from "./timeline";
import { TransactionsTable } from "./transactions-table";
import { useInvoiceException, useInvoiceRefunds } from "./use-invoice-news";

/** How often an open invoice's page asks for news; the server refreshes from the service at most every 5 s. */
const POLL_MS = 3_000;

/**
 * The invoice page tells its story: an invoice that can still be paid leads with its amounts and
 * the way to share it; one that cannot leads with what is at stake (an exception) and its
 * payments, then its refunds; its timeline weaves in refunds and resolutions.
 */
export function InvoiceView({
  initial,
  canCreate,
  canAudit,
  refunds,
  canRefund,
  exception,
  canResolve,
  mail,
  ledger,
}: {
  initial: InvoiceDetail;
  canCreate: boolean;
  canAudit: boolean;
  /** Null for people who may not see withdrawals. */
  refunds: InvoiceRefunds | null;
  canRefund: boolean;
  exception: InvoiceException;
  canResolve: boolean;
  /** Whether Paydesk can send mail (SMTP_URL): the Email card is offered only then. */
  mail: boolean;
  ledger: InvoiceLedger;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ["invoice", initial.id],
    queryFn: () => fetchJson<InvoiceDetail>(`/api/invoices/${initial.id}`),
    initialData: initial,
    refetchInterval: (current) => (current.state.data?.isFinal ? false : POLL_MS),
  });
  const invoice = query.data;
  const exceptionNews = useInvoiceException(invoice.id, invoice.status, exception);
  const refundNews = useInvoiceRefunds(invoice.id, invoice.status, refunds);
  const created = invoice.creationState === "created";
  const payable = created && !invoice.isFinal && Boolean(invoice.payUrl);
  const story = [...exceptionNews.data.history, ...(refundNews?.history ?? [])];
  const waitsForRest = created && !invoice.isFinal && invoice.status === "underpaid";
  const paidRefund = refundNews?.refunds.find((refund) => refund.state === "paid" && refund.amount);
  const messageKind = customerMessageKind({
    status: invoice.status,
    isFinal: invoice.isFinal,
    resolution: exceptionNews.data.resolution?.how ?? null,
    refundPaid: Boolean(paidRefund),
  });
  // While it can be paid, the link (or, underpaid, the rest); once over, a receipt or the refund.
  const settled = messageKind === "receipt" || messageKind === "refund";
  const shareKind = payable && !settled ? (messageKind === "pay_rest" ? "pay_rest" : "pay") : messageKind;
  const messageCard =
    created && shareKind ? (
      <ShareCard
        invoice={invoice}
        kind={shareKind}
        refund={
          paidRefund && refundNews
            ? { amount: paidRefund.amount ?? "0", currency: refundNews.currency, txid: paidRefund.txid }
            : null
        }
      />
    ) : null;
  const emailCard = mail ? (
    <EmailCard
      key="email"
      invoiceId={invoice.id}
      customerEmail={invoice.customerEmail}
      kind={payable && invoice.status === "open" ? "payment_link" : waitsForRest ? "ask_for_rest" : null}
      canSend={canCreate}
    />
  ) : null;

  const resolutionCard = (
    <ResolutionCard
      key="resolution"
      invoiceId={invoice.id}
      data={exceptionNews.data}
      canResolve={canResolve}
      onResolved={async () => {
        await exceptionNews.refetch();
        // A resolved exception offers no refund any more.
        await queryClient.invalidateQueries({ queryKey: ["invoice-refunds", invoice.id] });
      }}
    />
  );
  const payments = (
    <TransactionsTable key="payments" transactions={invoice.transactions} currency={invoice.currency} />
  );
  const refundsCard = refundNews ? (
    <RefundsCard key="refunds" invoiceId={invoice.id} data={refundNews} canRefund={canRefund} />
  ) : null;
  const ledgerCard = (
    // Keyed, like the cards below: when the invoice stops being payable the page's layout changes,
    // and each card keeps its state (the ledger its fresh reading) instead of starting over.
    <InvoiceLedgerCard
      key="ledger"
      invoiceId={invoice.id}
      initial={ledger}
      freshness={[
        invoice.status,
        invoice.paidCryptoAmount,
        invoice.transactions.length,
        ...(refundNews?.refunds.map((refund) => `${refund.id}:${refund.state}`) ?? []),
      ].join(" ")}
    />
  );
  const timeline = <Timeline events={invoice.events} story={story} currency={invoice.currency} />;
  const service = (
    <div className="grid content-start gap-6">
      <SyncInfo invoice={invoice} fetchFailed={query.isRefetchError} />
      {invoice.additionalData ? <JsonBlock title="Additional data" value={invoice.additionalData} /> : null}
    </div>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-slate-500">Invoice</p>
          <h1 className="font-mono text-xl font-semibold break-all">{invoice.orderId}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge
              status={invoice.status}
              resolution={exceptionNews.data.resolution?.how ?? null}
              serviceStatus={invoice.serviceStatus}
            />
            <JustCreated invoiceId={invoice.id} />
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
      {payable ? (
        <>
          {/* On a phone the way to share comes first: that is what a new invoice is opened for. */}
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <div className="grid gap-6 lg:col-start-2 lg:row-start-1">
              {messageCard}
              {emailCard}
            </div>
            <div className="lg:col-start-1 lg:row-start-1">
              <AmountsCard invoice={invoice} payable resolved={Boolean(exceptionNews.data.resolution)} />
            </div>
          </div>
          {resolutionCard}
          {payments}
          {refundsCard}
          {ledgerCard}
          <div className="grid items-start gap-6 lg:grid-cols-2">
            {timeline}
            {service}
          </div>
        </>
      ) : created ? (
        <>
          {resolutionCard}
          {messageCard}
          {emailCard}
          {payments}
          {refundsCard}
          {ledgerCard}
          {/* On a phone: amounts, timeline, then the service's details; side by side on a wide screen. */}
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <AmountsCard
              invoice={invoice}
              payable={false}
              resolved={Boolean(exceptionNews.data.resolution)}
            />
            <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">{timeline}</div>
            {service}
          </div>
        </>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {timeline}
          {service}
        </div>
      )}
    </div>
  );
}

/** "Created" beside a new invoice's status, on the page the New invoice form led to (once). */
function JustCreated({ invoiceId }: { invoiceId: string }) {
  const [created, setCreated] = useState(false);
  // This tab's sessionStorage, read once after hydration: the server cannot know it.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setCreated(takeJustCreated(invoiceId)), [invoiceId]);
  return created ? (
    <p role="status" className="text-sm text-emerald-800" data-testid="just-created">
      <span aria-hidden="true">✓ </span>Created. Share its payment link with the customer.
    </p>
  ) : null;
}
