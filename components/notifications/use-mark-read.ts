"use client";

import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { markNotificationsReadAction } from "@/lib/notifications/actions";
import { WHAT_WAITS_KEY } from "./use-what-waits";

type MarkRead = Parameters<typeof markNotificationsReadAction>[0];

/** Marks notifications read on the server, then reads the inbox and counts again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return async (input: MarkRead) => {
    const result = await markNotificationsReadAction(input);
    if (!result.ok) toast.error(result.message);
    await queryClient.invalidateQueries({ queryKey: WHAT_WAITS_KEY });
  };
}
