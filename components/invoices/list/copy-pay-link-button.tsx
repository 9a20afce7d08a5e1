"use client";

import { CopyButton } from "@/components/ui/copy-button";

export function CopyPayLinkButton({ payUrl, orderId }: { payUrl: string; orderId: string }) {
  return (
    // The visible words start the accessible name, so speech users can say what they see.
    <CopyButton
      text={payUrl}
      what="Payment link"
      variant="ghost"
      className="-ml-1.5 h-6 px-1.5 text-xs underline underline-offset-2"
      aria-label={`Copy payment link for ${orderId}`}
    >
      Copy payment link
    </CopyButton>
  );
}
