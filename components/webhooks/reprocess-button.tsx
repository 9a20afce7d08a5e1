"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";
import { reprocessWebhookEventAction } from "@/lib/webhooks/actions";

/** Processes a verified webhook that did not take effect again, now; safe to repeat. */
export function ReprocessButton({ eventId, orderId }: { eventId: string; orderId: string | null }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function reprocess() {
    setBusy(true);
    try {
      const result = await reprocessWebhookEventAction({ eventId });
      if (!result.ok) showOutcome(failed(result.message));
      else if (result.data.outcome === "failed")
        showOutcome(failed(`Processed again, and failed: ${result.data.detail}`));
      else showOutcome(succeeded(`Processed: ${result.data.detail}`));
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
