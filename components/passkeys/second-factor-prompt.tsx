"use client";

import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { StepUpStatus } from "@/lib/auth/step-up-status-shape";
import { useDisplay } from "@/components/display/display-provider";
import type { DisplayFormatter } from "@/lib/display/formatter";
import { confirmWithPasskey } from "./passkey-browser";

/** Which second factors the user has, and when this session last confirmed one (read on open). */
export function useStepUpStatus() {
  return useQuery({
    queryKey: ["second-factor"],
    queryFn: async (): Promise<StepUpStatus> => {
      const response = await fetch("/api/account/second-factor", { cache: "no-store" });
      if (!response.ok) throw new Error(`second-factor status: ${response.status}`);
      return (await response.json()) as StepUpStatus;
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** "This session last confirmed your second factor at 14:05 CET (3 minutes ago)." */
function describeLastConfirmation(confirmedAt: string | null, display: DisplayFormatter): string {
  if (!confirmedAt) return "Second-factor confirmation: not yet in this session.";
  return `This session last confirmed your second factor at ${display.timeOfDay(confirmedAt)} (${display.relative(confirmedAt)}).`;
}

export interface StepUpValue {
  code: string;
  passkey?: AuthenticationResponseJSON;
}

/**
 * Confirming one's second factor before a sensitive step, inside its dialog: when this session
 * last did, and once the server asks (or the status says it will), a code from the app and, for
 * someone with passkeys, "Confirm with a passkey". The passkey's answer is kept until the step is
 * confirmed; the server checks it then. Someone without two-factor sees nothing.
 */
export function SecondFactorPrompt({
  id,
  asked,
  value,
  error,
  onChange,
}: {
  id: string;
  /** The server asked for a fresh second factor. */
  asked: boolean;
  value: StepUpValue;
  error?: string;
  onChange: (value: StepUpValue, error?: string) => void;
}) {
  const status = useStepUpStatus();
  const [busy, setBusy] = useState(false);
  const info = status.data;
  const display = useDisplay();
  const enrolled = info ? info.app || info.passkeys > 0 : asked;
  if (!enrolled) return null;
  const ask = asked || Boolean(info?.needed);
  const showCode = ask && (!info || info.app);
  const showPasskey = ask && Boolean(info && info.passkeys > 0);

  async function confirmByPasskey() {
    setBusy(true);
    const answer = await confirmWithPasskey();
    setBusy(false);
    if (answer.ok) onChange({ code: "", passkey: answer.value });
    else onChange({ code: value.code }, answer.message);
  }

  return (
    <div className="grid gap-2" id={`${id}-prompt`} data-testid="second-factor-prompt">
      {info ? (
        <p className="text-sm text-slate-600" data-testid="last-confirmation">
          {describeLastConfirmation(info.confirmedAt, display)}
        </p>
      ) : null}
      {ask && !value.passkey ? (
        <p className="text-sm text-slate-800">
          {showPasskey && showCode
            ? "Confirm it's you: use a passkey, or enter a code from your authenticator app."
            : showPasskey
              ? "Confirm it's you with your passkey."
              : "Confirm it's you with a code from your authenticator app."}
        </p>
      ) : null}
      {value.passkey ? (
        <p role="status" className="text-sm font-medium text-emerald-700">
          Passkey confirmed. Go on to finish.
        </p>
      ) : null}
      {showCode && !value.passkey ? (
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            Code from your authenticator app
          </label>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={40}
            value={value.code}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange({ code: event.target.value })}
            className="h-9 w-40 rounded-md border border-slate-300 px-2 font-mono text-sm"
          />
        </div>
      ) : null}
      {showPasskey && !value.passkey ? (
        <div>
          <Button type="button" size="sm" variant="secondary" onClick={confirmByPasskey} disabled={busy}>
            {busy ? "Waiting for your passkey…" : "Confirm with a passkey"}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
