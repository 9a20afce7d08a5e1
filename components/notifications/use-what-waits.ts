"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/query-client";
import type { WhatWaits } from "@/lib/what-waits";

export const WHAT_WAITS_KEY = ["what-waits"];
const POLL_MS = 15_000;

/** The signed-in person's notifications and navigation counts, kept fresh while the page is open. */
export function useWhatWaits(initial: WhatWaits) {
  return useQuery({
    queryKey: WHAT_WAITS_KEY,
    queryFn: () => fetchJson<WhatWaits>("/api/notifications"),
    initialData: initial,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}
