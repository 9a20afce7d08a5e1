"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { fetchJson } from "@/lib/query-client";

/** Flags an address Paydesk has never paid out to: the most common sign of a typo or a scam. */
export function AddressHistoryHint({ address, formatOk }: { address: string; formatOk: boolean }) {
  const deferred = useDeferredValue(address.trim());
  const query = useQuery({
    queryKey: ["address-history", deferred],
    queryFn: () =>
      fetchJson<{ paidBefore: boolean }>(
        `/api/withdrawals/address-history?address=${encodeURIComponent(deferred)}`,
      ),
    enabled: formatOk && deferred.length > 0,
    staleTime: 60_000,
  });
  if (!formatOk || !query.data) return null;
  return query.data.paidBefore ? (
    <p className="text-xs text-slate-600" data-testid="address-history">
      Paydesk has paid out to this address before.
    </p>
  ) : (
    <p className="text-xs font-medium text-amber-700" data-testid="address-history">
      Never paid before: Paydesk has sent nothing to this address yet. Check it with the recipient.
    </p>
  );
}
