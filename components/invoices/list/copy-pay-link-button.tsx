"use client";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";

export function CopyPayLinkButton({ payUrl, orderId }: { payUrl: string; orderId: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(payUrl);
      toast.success("Payment link copied");
    } catch {
      // Clipboard access needs a secure context and permission; show the link so it can be copied by hand.
      toast.error(`Could not copy. The link is ${payUrl}`);
    }
  }
  return (
    // The visible words start the accessible name, so speech users can say what they see.
    <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy payment link for ${orderId}`}>
      Copy payment link
    </Button>
  );
}
