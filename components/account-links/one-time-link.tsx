"use client";

import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { useDisplay } from "@/components/display/display-provider";
import type { HandedOverLink } from "@/lib/users/account-link-url";

/**
 * A one-time link shown to the admin who made it (an invitation, a password reset), once: with a
 * Copy button and when it expires. It lives here, outside the page that asked for it, because
 * the answer that brings it also re-renders that page (the row it came from may change or go);
 * closing the dialog is the last anyone sees of it.
 */
let shown: HandedOverLink | null = null;
const listeners = new Set<() => void>();

function setShown(link: HandedOverLink | null) {
  shown = link;
  for (const listener of listeners) listener();
}

export function showOneTimeLink(link: HandedOverLink) {
  setShown(link);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const WHAT = {
  invitation: {
    title: "Invitation link",
    what: "Invitation link",
    explain: "They open it, choose their own password, then sign in.",
  },
  password_reset: {
    title: "Password reset link",
    what: "Reset link",
    explain: "They open it and choose a new password. Their old password no longer works.",
  },
} as const;

export function OneTimeLinkHost() {
  const link = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  const display = useDisplay();
  if (!link) return null;
  const words = WHAT[link.kind];
  return (
    <Dialog open onOpenChange={(open) => !open && setShown(null)}>
      <DialogContent className="max-w-lg" data-testid="one-time-link">
        <DialogTitle>
          {words.title} for {link.email}
        </DialogTitle>
        <DialogDescription asChild>
          <div className="grid gap-2">
            <p className="font-medium text-slate-800" data-testid="one-time-link-emailed">
              {link.emailed
                ? `Paydesk has also emailed it to ${link.email}. Pass it on yourself only if that email does not arrive.`
                : `Paydesk did not email it (mail is not set up): send it to ${link.email} yourself.`}
            </p>
            <p>
              Send it privately (not in a shared channel). {words.explain} It works once, until{" "}
              {display.dateTime(link.expiresAt)} ({display.relative(link.expiresAt)}).
            </p>
            <p className="font-medium text-slate-800">
              This is the only time Paydesk shows it. Lost or expired, make a new one.
            </p>
          </div>
        </DialogDescription>
        <label htmlFor="one-time-link-url" className="sr-only">
          {words.what}
        </label>
        <input
          id="one-time-link-url"
          readOnly
          value={link.url}
          data-testid="one-time-link-url"
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs"
        />
        <DialogFooter>
          <CopyButton text={link.url} what={words.what} size="md">
            Copy link
          </CopyButton>
          <Button onClick={() => setShown(null)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
