"use client";

import { useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

interface ConfirmDialogProps {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  onConfirm: () => Promise<boolean>;
  /**
   * Where focus goes after a confirmed step, when the step removes the trigger (an approved row
   * leaves the queue): without it focus would fall back to the page's body.
   */
  focusAfterConfirm?: () => HTMLElement | null | undefined;
}

/** Asks before a step that matters; stays open (and busy) until the step has answered. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone = "primary",
  onConfirm,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmed = useRef(false);

  async function confirm() {
    setBusy(true);
    try {
      if (await onConfirm()) {
        confirmed.current = true;
        setOpen(false);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = confirmed.current ? focusAfterConfirm?.() : null;
          confirmed.current = false;
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div>{description}</div>
        </DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant={tone} onClick={confirm} disabled={busy}>
            {busy ? "Working…" : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
