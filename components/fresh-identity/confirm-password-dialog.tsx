"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { IDENTITY_FIELD, SIGN_IN_AGAIN_FIELD } from "@/lib/auth/fresh-identity-words";
import { confirmPasswordAction } from "@/lib/auth/identity-actions";
import { SignInAgain } from "./sign-in-again";
import type { IdentityRequest } from "./use-fresh-identity";

const FIELD_ID = "confirm-identity-password";

/**
 * "Confirm your password", opened by useFreshIdentity when the server asks: the password in a
 * labelled field, checked by the server (counted like a sign-in); its error shows under the field,
 * which keeps what was typed and takes the focus back. Confirmed, the action it guards runs again.
 * A person without a password is offered to sign in again instead.
 */
export function ConfirmPasswordDialog({
  request,
  onDone,
}: {
  request: IdentityRequest | null;
  onDone: (confirmed: boolean) => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [signInAgain, setSignInAgain] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  /** Where the focus was when the dialog opened: it goes back there once the action can take it. */
  const openedFrom = useRef<HTMLElement | null>(null);

  function close(confirmed: boolean) {
    setPassword("");
    setError(undefined);
    setFormError(undefined);
    setSignInAgain(undefined);
    onDone(confirmed);
  }

  function refuse(message: string) {
    setError(message);
    field.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const { confirmPasswordSchema } = await import("@/lib/auth/credentials-schema");
    const parsed = confirmPasswordSchema.safeParse({ password });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? "Enter your password.");
      return;
    }
    setBusy(true);
    try {
      const result = await confirmPasswordAction(parsed.data);
      if (result.ok) {
        close(true);
        return;
      }
      const noPassword = result.fieldErrors?.[SIGN_IN_AGAIN_FIELD]?.[0];
      const onField = result.fieldErrors?.[IDENTITY_FIELD]?.[0];
      if (noPassword) setSignInAgain(noPassword);
      else if (onField) refuse(onField);
      else setFormError(result.message);
    } finally {
      setBusy(false);
    }
  }

  const withoutPassword = signInAgain ?? (request?.signInAgain ? request.message : undefined);
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !busy && close(false)}>
      <DialogContent
        data-testid="confirm-password-dialog"
        onOpenAutoFocus={(event) => {
          openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          if (field.current) {
            event.preventDefault();
            field.current.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          // The control that opened it is busy until the action answers: focus it once it can be.
          event.preventDefault();
          const target = openedFrom.current;
          setTimeout(() => {
            if (target?.isConnected && !target.matches(":disabled")) target.focus();
          }, 0);
        }}
      >
        <DialogTitle>
          {withoutPassword ? "Sign in again to confirm it's you" : "Confirm your password"}
        </DialogTitle>
        <DialogDescription>{withoutPassword ?? request?.message}</DialogDescription>
        {withoutPassword ? (
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <SignInAgain />
          </DialogFooter>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <FormField id={FIELD_ID} label="Your password" error={error}>
              <Input
                ref={field}
                id={FIELD_ID}
                type="password"
                autoComplete="current-password"
                maxLength={200}
                value={password}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${FIELD_ID}-error` : undefined}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <FormError message={formError} />
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Checking…" : "Confirm"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
