"use client";

import type { ComponentProps } from "react";
import { Button } from "./button";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";

/** Copies text, saying so; where the clipboard is refused, says how to copy it by hand. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showOutcome(succeeded(`${what} copied.`));
  } catch {
    // Clipboard access needs a secure context and permission.
    showOutcome(failed(`Could not copy. Select the ${what.toLowerCase()} and copy it by hand: ${text}`));
  }
}

interface CopyButtonProps extends Omit<ComponentProps<typeof Button>, "onClick"> {
  text: string;
  /** What is copied, for the message: "Payment link", "Transaction hash". */
  what: string;
}

/** A button that copies `text`. Its accessible name should start with its visible words. */
export function CopyButton({
  text,
  what,
  children,
  variant = "secondary",
  size = "sm",
  ...props
}: CopyButtonProps) {
  return (
    <Button variant={variant} size={size} onClick={() => copyText(text, what)} {...props}>
      {children ?? "Copy"}
    </Button>
  );
}
