"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/query-client";

/**
 * A ledger as the page rendered it, read again whenever `freshness` changes: what the page already
 * polls (a status, a payout's last move) says when money may have moved, so the books are not
 * polled on their own.
 */
export function useLedger<T>(url: string, initial: T, freshness: string): T {
  const [renderedAt] = useState(freshness);
  const query = useQuery({
    queryKey: [url, freshness],
    queryFn: () => fetchJson<T>(url),
    initialData: freshness === renderedAt ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  return query.data ?? initial;
}
