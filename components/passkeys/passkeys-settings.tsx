"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { showActionResult, showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { ConfirmPasswordDialog } from "@/components/fresh-identity/confirm-password-dialog";
import { useFreshIdentity } from "@/components/fresh-identity/use-fresh-identity";
import { RecoveryCodes } from "@/components/recovery-codes/recovery-codes";
import { addPasskeyAction, removePasskeyAction } from "@/lib/account-security/passkey-actions";
import type { PasskeyItem, PasskeySettings } from "@/lib/auth/passkey-list-shape";
import { passkeyNameSchema } from "@/lib/auth/passkeys/schemas";
import { DateTime } from "@/components/display/date-time";
import { RelativeTime } from "@/components/display/relative-time";
import { createPasskey } from "./passkey-browser";
import { SecondFactorPrompt } from "./second-factor-prompt";
import { useStepUp } from "./use-step-up";

/**
 * One's passkeys: add one from this device, see when each was added and last used, remove one.
 * `newRecoveryCodes`: the card that makes new recovery codes, shown once the account has a second
 * factor (the page passes it in: it lives with the authenticator app's components).
 */
export function PasskeysSettings({
  settings,
  newRecoveryCodes,
}: {
  settings: PasskeySettings;
  newRecoveryCodes?: ReactNode;
}) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        title="Your passkey is added: save your recovery codes"
        lost={{ device: "your passkey", factor: "your passkey" }}
      />
    );
  }
  const enrolled = settings.app || settings.passkeys.length > 0;
  return (
    <>
      {settings.required && !enrolled ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Admin and finance accounts must use two-factor sign-in. Add a passkey (or set up an authenticator
          app under Two-factor sign-in) to continue: the rest of Paydesk opens once you have one.
        </p>
      ) : null}
      <Card title="Your passkeys">
        {settings.passkeys.length === 0 ? (
          <p className="text-sm text-slate-600">You have no passkey yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Passkeys">
            {settings.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {enrolled ? (
          <p className="text-sm text-slate-600" data-testid="passkeys-recovery">
            Lost a passkey? Sign in with your password and one of your recovery codes (
            {settings.unusedRecoveryCodes} unused), then remove it here. Without either, ask an admin to reset
            your two-factor sign-in.
          </p>
        ) : null}
      </Card>
      {enrolled ? newRecoveryCodes : null}
      <AddPasskey onRecoveryCodes={setRecoveryCodes} />
    </>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyItem }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const identity = useFreshIdentity();
  const stepUp = useStepUp(`remove-passkey-code-${passkey.id}`);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3"
      data-testid={`passkey-${passkey.name}`}
    >
      <div className="grid gap-0.5">
        <span className="font-medium">{passkey.name}</span>
        <span className="text-xs text-slate-600">
          Added <DateTime value={passkey.createdAt} /> ·{" "}
          {passkey.lastUsedAt ? (
            <>
              last used <RelativeTime value={passkey.lastUsedAt} />
            </>
          ) : (
            "never used yet"
          )}
          {passkey.synced ? " · synced across your devices" : ""}
        </span>
      </div>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary" aria-label={`Remove passkey ${passkey.name}`}>
            Remove
          </Button>
        }
        title={`Remove the passkey “${passkey.name}”?`}
        confirmLabel="Remove passkey"
        tone="danger"
        onConfirm={async () => {
          const result = await identity.withFreshIdentity(() =>
            removePasskeyAction({ id: passkey.id, ...stepUp.proof }),
          );
          if (!result || stepUp.askedFor(result)) return false;
          showActionResult(result);
          await queryClient.invalidateQueries({ queryKey: ["second-factor"] });
          router.refresh();
          return result.ok;
        }}
        description={
          <div className="grid gap-3">
            <p>
              It stops working for Paydesk at once. Remove it from the device too, in its passkey settings.
            </p>
            <SecondFactorPrompt {...stepUp.prompt} />
          </div>
        }
      />
      <ConfirmPasswordDialog {...identity.dialog} />
    </li>
  );
}

/**
 * Adding a passkey: a name, then the browser's prompt. The server asks for the password first
 * unless this session gave it in the last 5 minutes, and someone who has a second factor confirms
 * it too, with a code or another passkey.
 */
function AddPasskey({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const identity = useFreshIdentity();
  const stepUp = useStepUp("add-passkey-code");
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      document.getElementById("passkey-name")?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await identity.withFreshIdentity(() => createPasskey(stepUp.proof));
      if (!created || stepUp.askedFor(created)) return;
      if (!created.ok) {
        setFormError(created.message);
        return;
      }
      const result = await identity.withFreshIdentity(() =>
        addPasskeyAction({ name: parsed.data, response: created.value }),
      );
      if (!result || stepUp.askedFor(result)) return;
      if (!result.ok) {
        setFormError(result.fieldErrors?.name?.[0] ?? result.message);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ["second-factor"] });
      if (result.data.recoveryCodes) {
        onRecoveryCodes(result.data.recoveryCodes);
        return;
      }
      showOutcome(succeeded(result.data.message));
      setName("");
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Add a passkey">
      <p className="text-sm text-slate-700">
        Your browser asks you to create the passkey on this device (or on your phone, or a security key) and
        to verify yourself with a fingerprint, face or PIN.
      </p>
      <form onSubmit={onSubmit} className="grid max-w-sm gap-3" noValidate>
        <FormField
          id="passkey-name"
          label="Name for this passkey"
          hint="So you can tell your passkeys apart, for example “Work laptop”."
          error={nameError}
        >
          <Input
            id="passkey-name"
            value={name}
            maxLength={60}
            aria-invalid={Boolean(nameError)}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
        </FormField>
        {stepUp.prompt.asked ? <SecondFactorPrompt {...stepUp.prompt} /> : null}
        <FormError message={formError} />
        <Button type="submit" disabled={busy}>
          {busy ? "Waiting for your passkey…" : "Add a passkey"}
        </Button>
      </form>
      <ConfirmPasswordDialog {...identity.dialog} />
    </Card>
  );
}
