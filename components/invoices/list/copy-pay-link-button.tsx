"use client";

import { CopyButton } from "@/components/ui/copy-button";

export function CopyPayLinkButton({ payUrl, orderId }: { payUrl: string; orderId: string }) {
  return (
    // The visible words start the accessible name, so speech users can say what they see.
    <CopyButton text={payUrl} what="Payment link" aria-label={`Copy payment link for ${orderId}`}>
      Copy payment link
    </CopyButton>
  );
}
