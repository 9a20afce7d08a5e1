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
  /** The step cannot be taken now; the description says why. */
  confirmDisabled?: boolean;
  /**
   * Where focus goes after a confirmed step, when the step removes the trigger (an approved row
   * leaves the queue): without it focus would fall back to the page's body. Asked as the step
   * starts, while the page is as the user saw it: the step's answer may re-render the page (a
   * server action that revalidates it) and remove this dialog with its row before it closes.
   */
  focusAfterConfirm?: () => HTMLElement | null | undefined;
}

/**
 * Asks before a step that matters; stays open (and busy) until the step has answered. Cancel is
 * never locked: closing while it runs leaves the step running on the server, and its answer still
 * shows as a toast.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone = "primary",
  onConfirm,
  confirmDisabled = false,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Set while the step runs and once it succeeded: the dialog then closes (or goes) because of it. */
  const stepped = useRef(false);
  const focusTarget = useRef<HTMLElement | null>(null);

  async function confirm() {
    focusTarget.current = focusAfterConfirm?.() ?? null;
    stepped.current = true;
    setBusy(true);
    try {
      const done = await onConfirm();
      stepped.current = done;
      if (done) setOpen(false);
    } catch (error) {
      stepped.current = false;
      throw error;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The target found as the step started, unless the re-rendered page replaced it.
          const target = stepped.current
            ? [focusTarget.current, focusAfterConfirm?.()].find((element) => element?.isConnected)
            : null;
          stepped.current = false;
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
            <Button variant="secondary">{busy ? "Close" : "Cancel"}</Button>
          </DialogClose>
          <Button variant={tone} onClick={confirm} disabled={busy || confirmDisabled}>
            {busy ? "Working…" : confirmLabel}
          </Button>
        </DialogFooter>
        {busy && (
          <p role="status" className="text-sm text-slate-600">
            Waiting for the answer. You can close this: the step carries on, and its answer shows when it
            comes.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
