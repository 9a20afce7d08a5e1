"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { InvoiceException } from "@/lib/exceptions/invoice-exception";
import { fetchJson } from "@/lib/query-client";
import type { InvoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { FINAL_STATES } from "@/lib/withdrawals/state-machine";

/**
 * The invoice page's two other sources, each read once for the badge, its card and the timeline.
 * Both are read again when the invoice's status changes (a payment arrived); the exception while
 * it waits for a resolution, the refunds while one of them is on its way.
 */
const EXCEPTION_POLL_MS = 10_000;
const REFUNDS_POLL_MS = 5_000;

export function useInvoiceException(invoiceId: string, invoiceStatus: string, initial: InvoiceException) {
  const query = useQuery({
    queryKey: ["invoice-exception", invoiceId, invoiceStatus],
    queryFn: () => fetchJson<InvoiceException>(`/api/invoices/${invoiceId}/exception`),
    initialData: initial.invoiceStatus === invoiceStatus ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.kind && !current.state.data.resolution ? EXCEPTION_POLL_MS : false,
  });
  return { data: query.data ?? initial, refetch: query.refetch };
}

/** Null for people who may not see withdrawals (`initial` is null then, and nothing is fetched). */
export function useInvoiceRefunds(invoiceId: string, invoiceStatus: string, initial: InvoiceRefunds | null) {
  const query = useQuery({
    queryKey: ["invoice-refunds", invoiceId, invoiceStatus],
    queryFn: () => fetchJson<InvoiceRefunds>(`/api/invoices/${invoiceId}/refunds`),
    enabled: initial !== null,
    initialData: initial?.invoiceStatus === invoiceStatus ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.refunds.some((refund) => !FINAL_STATES.includes(refund.state))
        ? REFUNDS_POLL_MS
        : false,
  });
  return initial ? (query.data ?? initial) : null;
}
