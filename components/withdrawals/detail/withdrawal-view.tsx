"use client";

import { ServiceStatus } from "@/components/display/service-status";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { PayoutLedgerCard } from "@/components/ledger/payout-ledger-card";
import { Card } from "@/components/ui/card";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { DateTime } from "@/components/display/date-time";
import { useDisplay } from "@/components/display/display-provider";
import type { PayoutLedger } from "@/lib/ledger-lines/read-lines";
import { fetchJson } from "@/lib/query-client";
import { describeAmount, describeFee } from "@/lib/withdrawals/present";
import type { WithdrawalDetail } from "@/lib/withdrawals/withdrawal-detail";
import { FINAL_STATES } from "@/lib/withdrawals/state-machine";
import { AuditTrail } from "./audit-trail";
import { WithdrawalActions } from "./withdrawal-actions";
import { WithdrawalStateBadge } from "../withdrawal-state-badge";
import { RefundOfInvoice } from "@/components/withdrawals/refund-of-invoice";
import { FiatValueText } from "../fiat-value";
import { AttentionBanner } from "./attention-banner";
import { SideBySideCard } from "./side-by-side";

const POLL_MS = 3_000;

export function WithdrawalView({
  initial,
  canAudit,
  ledger,
}: {
  initial: WithdrawalDetail;
  canAudit: boolean;
  ledger: PayoutLedger;
}) {
  const display = useDisplay();
  const query = useQuery({
    queryKey: ["withdrawal", initial.withdrawal.id],
    queryFn: () => fetchJson<WithdrawalDetail>(`/api/withdrawals/${initial.withdrawal.id}`),
    initialData: initial,
    refetchInterval: (current) =>
      FINAL_STATES.includes(current.state.data?.withdrawal.state ?? "paid") ? false : POLL_MS,
  });
  const { withdrawal, audit, webhooks, resentAs, resendOf, sideBySide } = query.data;
  const facts: DetailItem[] = [
    { label: "Amount", value: <strong>{describeAmount(withdrawal, display.prefs.locale)}</strong> },
    { label: "Fiat value", value: <FiatValueText value={withdrawal.fiatValue} coin={withdrawal.currency} /> },
    { label: "Network", value: withdrawal.network },
    {
      label: "To address",
      value: <code className="text-xs break-all">{withdrawal.address}</code>,
    },
    { label: "Fee", value: describeFee(withdrawal.isSubtract) },
    { label: "Customer", value: withdrawal.customerId ?? "—" },
    { label: "Reason", value: withdrawal.reason },
    {
      label: "Requested by",
      value: (
        <>
          {withdrawal.requestedByName ?? withdrawal.requestedByEmail ?? "?"}
          {withdrawal.requestedByName && withdrawal.requestedByEmail ? (
            <span className="break-all text-slate-500"> ({withdrawal.requestedByEmail})</span>
          ) : null}{" "}
          on <DateTime value={withdrawal.createdAt} />
        </>
      ),
    },
    {
      label: "Approvals",
      value: `${withdrawal.approvedBy.length} of ${withdrawal.requiredApprovals}${withdrawal.approvedBy.length ? `: ${withdrawal.approvedBy.join(", ")}` : ""}`,
    },
    { label: "Service id", value: withdrawal.serviceId ?? "—" },
    {
      label: "Service status",
      value: <ServiceStatus subject="withdrawal" status={withdrawal.serviceStatus} />,
    },
    ...(withdrawal.serviceTxid
      ? [
          {
            label: "Transaction",
            value: <code className="text-xs break-all">{withdrawal.serviceTxid}</code>,
          },
        ]
      : []),
    ...(withdrawal.state === "submitted" && withdrawal.staleAt
      ? [
          {
            label: "Final word due",
            value: `Needs review if the service has not said how it ended by ${display.dateTime(withdrawal.staleAt)}`,
          },
        ]
      : []),
    {
      label: "Amount at the service",
      value: withdrawal.serviceAmount ? display.crypto(withdrawal.serviceAmount, withdrawal.currency) : "—",
    },
    // Once the service has it: its fee and what the recipient got, as it said; never taken as 0.
    ...(withdrawal.serviceId
      ? [
          {
            label: "Service fee",
            value: withdrawal.serviceFee
              ? display.crypto(withdrawal.serviceFee, withdrawal.currency)
              : "Not reported",
          },
          {
            label: "Recipient received",
            value: withdrawal.servicePayoutAmount
              ? display.crypto(withdrawal.servicePayoutAmount, withdrawal.currency)
              : "Not reported",
          },
        ]
      : []),
  ];

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <p className="text-sm text-slate-500">Withdrawal</p>
        {/* Focusable from script: it takes focus when a decision removes the buttons that had it. */}
        <h1 className="font-mono text-xl font-semibold break-all" tabIndex={-1}>
          {withdrawal.orderId}
        </h1>
        <div className="flex items-center gap-2">
          <WithdrawalStateBadge state={withdrawal.state} />
          {withdrawal.newAddress ? (
            <span className="text-xs font-medium text-amber-700">Never paid before</span>
          ) : null}
        </div>
        <RefundOfInvoice refundOf={withdrawal.refundOf} />
      </div>
      {withdrawal.state === "rejected" && withdrawal.rejectionReason ? (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-100 p-4 text-sm">
          Rejected: {withdrawal.rejectionReason}
        </p>
      ) : null}
      <AttentionBanner withdrawal={withdrawal} />
      {sideBySide ? <SideBySideCard comparison={sideBySide} /> : null}
      {resentAs ? (
        <p className="text-sm" data-testid="resent-as">
          Sent again as{" "}
          <Link href={`/withdrawals/${resentAs.id}`} className="font-mono underline">
            {resentAs.orderId}
          </Link>
          .
        </p>
      ) : null}
      {resendOf ? (
        <p className="text-sm" data-testid="resend-of">
          Sends again{" "}
          <Link href={`/withdrawals/${resendOf.id}`} className="font-mono underline">
            {resendOf.orderId}
          </Link>
          , which the service failed.
        </p>
      ) : null}
      {(withdrawal.state === "failed" || withdrawal.state === "unknown") && withdrawal.failureMessage ? (
        <p
          role="status"
          className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          data-testid="failure"
        >
          {withdrawal.state === "failed"
            ? "The payment service refused it: "
            : "No answer from the payment service yet: "}
          {withdrawal.failureMessage}
        </p>
      ) : null}
      <WithdrawalActions withdrawal={withdrawal} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Details">
          <DetailList items={facts} />
        </Card>
        <AuditTrail withdrawalId={canAudit ? withdrawal.id : null} audit={audit} webhooks={webhooks} />
      </div>
      <PayoutLedgerCard
        withdrawalId={withdrawal.id}
        initial={ledger}
        freshness={`${withdrawal.state} ${withdrawal.updatedAt}`}
      />
    </div>
  );
}
