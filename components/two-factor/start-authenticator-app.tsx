"use client";

import { useState } from "react";
import { ConfirmPasswordDialog } from "@/components/fresh-identity/confirm-password-dialog";
import { useFreshIdentity } from "@/components/fresh-identity/use-fresh-identity";
import { SecondFactorPrompt } from "@/components/passkeys/second-factor-prompt";
import { useStepUp } from "@/components/passkeys/use-step-up";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { startAuthenticatorAppAction } from "@/lib/account-security/two-factor-actions";
import { EnrollmentRequiredNotice } from "./enrollment-required-notice";

/** A new authenticator app's key, as text and as a QR code (absent if it could not be drawn). */
export interface AppKey {
  secret: string;
  qr: string | undefined;
}

/**
 * The first step of setting up an authenticator app: only the person may see its key, so the
 * server asks for their password (and their passkey, if they have one) unless this session gave
 * them in the last 5 minutes, as right after signing in.
 */
export function StartAuthenticatorApp({
  required,
  onStarted,
}: {
  required: boolean;
  onStarted: (key: AppKey) => void;
}) {
  const identity = useFreshIdentity();
  const stepUp = useStepUp("start-app-code");
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();

  async function start() {
    setFormError(undefined);
    setBusy(true);
    try {
      const result = await identity.withFreshIdentity(() => startAuthenticatorAppAction(stepUp.proof));
      if (!result || stepUp.askedFor(result)) return;
      if (result.ok) onStarted(result.data);
      else setFormError(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Set up two-factor sign-in">
      {required ? <EnrollmentRequiredNotice /> : null}
      <p className="text-sm text-slate-700">
        You will need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
        1Password, Aegis…). Paydesk shows a QR code to scan with it; to make sure it is you, it may ask for
        your password first.
      </p>
      {stepUp.prompt.asked ? <SecondFactorPrompt {...stepUp.prompt} /> : null}
      <FormError message={formError} />
      <div>
        <Button type="button" onClick={start} disabled={busy}>
          {busy ? "Working…" : "Set up an authenticator app"}
        </Button>
      </div>
      <ConfirmPasswordDialog {...identity.dialog} />
    </Card>
  );
}
