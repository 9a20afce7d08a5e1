"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useOptimistic, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import { muteNotificationsAction } from "@/lib/notifications/actions";
import { WHAT_WAITS_KEY } from "./use-what-waits";

/** One's own choice to hear, or not, that one's invoices expired (most invoices are never paid). */
export function ExpiryMute({ muted }: { muted: boolean }) {
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  // Ticked at once; the server's answer (read again below) settles it.
  const [shownMuted, showMuted] = useOptimistic(muted);
  return (
    <label className="flex items-start gap-2 border-t border-slate-200 pt-3 text-sm text-slate-700">
      <input
        type="checkbox"
        className="mt-0.5 size-4"
        checked={!shownMuted}
        disabled={pending}
        onChange={(event) => {
          const hear = event.target.checked;
          startTransition(async () => {
            showMuted(!hear);
            const result = await muteNotificationsAction({ kind: "invoice.expired", muted: !hear });
            if (!result.ok) toast.error(result.message);
            await queryClient.invalidateQueries({ queryKey: WHAT_WAITS_KEY });
          });
        }}
      />
      <span>
        Tell me when my invoices expire
        <span className="block text-xs text-slate-600">
          Only for you. Turned off, expiries stop appearing here; the invoice list still shows them.
        </span>
      </span>
    </label>
  );
}
