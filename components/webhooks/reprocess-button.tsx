"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { reprocessWebhookEventAction } from "@/lib/webhooks/actions";

/** Processes a verified webhook that did not take effect again, now; safe to repeat. */
export function ReprocessButton({ eventId, orderId }: { eventId: string; orderId: string | null }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function reprocess() {
    setBusy(true);
    try {
      const result = await reprocessWebhookEventAction({ eventId });
      if (!result.ok) toast.error(result.message);
      else if (result.data.outcome === "failed")
        toast.error(`Processed again, and failed: ${result.data.detail}`);
      else toast.success(`Processed: ${result.data.detail}`);
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={reprocess}
      disabled={busy}
      aria-label={orderId ? `Process the webhook for ${orderId} again` : "Process this webhook again"}
    >
      {busy ? "Processing…" : "Process again"}
    </Button>
  );
}
