"use client";

import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ConfirmPasswordDialog } from "@/components/fresh-identity/confirm-password-dialog";
import { useFreshIdentity } from "@/components/fresh-identity/use-fresh-identity";
import { SecondFactorPrompt } from "@/components/passkeys/second-factor-prompt";
import { useStepUp } from "@/components/passkeys/use-step-up";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { twoFactorCodeFormSchema } from "@/lib/auth/credentials-schema";
import { SECOND_FACTOR_FIELD } from "@/lib/auth/fresh-identity-words";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { confirmTwoFactorAction } from "@/lib/account-security/two-factor-actions";
import { RecoveryCodes } from "@/components/recovery-codes/recovery-codes";
import { StartAuthenticatorApp, type AppKey } from "./start-authenticator-app";
import { EnrollmentRequiredNotice } from "./enrollment-required-notice";

type CodeValues = z.input<typeof twoFactorCodeFormSchema>;

/** Groups of four, as authenticator apps show a secret to type by hand. */
function spaced(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Setting up an authenticator app: asked for (StartAuthenticatorApp), its key is shown; a code from
 * the app proves it holds the key, and only then is two-factor on and the recovery codes shown, once.
 */
export function EnrollTwoFactor({ required }: { required: boolean }) {
  const [appKey, setAppKey] = useState<AppKey>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (!appKey) return <StartAuthenticatorApp required={required} onStarted={setAppKey} />;
  return <ConfirmAuthenticatorApp appKey={appKey} required={required} onRecoveryCodes={setRecoveryCodes} />;
}

/**
 * Scan (or type) the key into an authenticator app, then prove it with a code. Past 5 minutes since
 * the password (and passkey) were given, the server asks for them again first.
 */
function ConfirmAuthenticatorApp({
  appKey: { secret, qr },
  required,
  onRecoveryCodes,
}: {
  appKey: AppKey;
  required: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const identity = useFreshIdentity();
  const stepUp = useStepUp("enroll-step-up", { field: SECOND_FACTOR_FIELD });
  const shown = useRef<HTMLOListElement>(null);
  // Shown after a click: the focus moves to the steps that appeared.
  useEffect(() => shown.current?.focus(), []);
  const [formError, setFormError] = useState<string>();
  const [resolver] = useState(() =>
    lazyZodResolver(() =>
      import("@/lib/auth/credentials-schema").then((schemas) => schemas.twoFactorCodeFormSchema),
    ),
  );
  const form = useForm<CodeValues>({
    resolver,
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: CodeValues) {
    setFormError(undefined);
    const result = await identity.withFreshIdentity(() =>
      confirmTwoFactorAction({ ...values, passkey: stepUp.proof.passkey }),
    );
    if (!result || stepUp.askedFor(result)) return;
    if (result.ok) {
      onRecoveryCodes(result.data.recoveryCodes);
      return;
    }
    const onCode = result.fieldErrors?.code?.[0];
    if (onCode) {
      form.setError("code", { message: onCode });
      form.setFocus("code");
    } else setFormError(result.message);
  }

  return (
    <Card title="Set up two-factor sign-in">
      {required ? <EnrollmentRequiredNotice /> : null}
      <ol
        ref={shown}
        tabIndex={-1}
        aria-label="Steps to set up the authenticator app"
        className="grid list-decimal gap-4 pl-5 text-sm text-slate-800 focus:outline-none"
      >
        <li>
          <p>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password,
            Aegis…) and scan this QR code.
          </p>
          <div className="mt-2 flex flex-wrap items-start gap-4">
            {qr ? (
              // A data URL: next/image has nothing to optimise.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={qr} width={200} height={200} alt="QR code to add Paydesk to your authenticator app" />
            ) : null}
            <div className="grid gap-1">
              <span className="text-slate-600">
                Cannot scan? Type this key instead (time-based, 6 digits):
              </span>
              <code className="font-mono text-base break-all" data-testid="two-factor-secret">
                {spaced(secret)}
              </code>
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-xs gap-3" noValidate>
            <FormField id="code" label="Enter the 6-digit code the app shows" error={errors.code?.message}>
              <Input
                id="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-invalid={Boolean(errors.code)}
                {...form.register("code")}
              />
            </FormField>
            {stepUp.prompt.asked ? <SecondFactorPrompt {...stepUp.prompt} /> : null}
            <FormError message={formError} />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Checking…" : "Turn on two-factor sign-in"}
            </Button>
          </form>
        </li>
      </ol>
      <ConfirmPasswordDialog {...identity.dialog} />
    </Card>
  );
}
