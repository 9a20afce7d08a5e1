"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { twoFactorCodeFormSchema } from "@/lib/auth/credentials-schema";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { confirmTwoFactorAction } from "@/lib/account-security/two-factor-actions";
import { RecoveryCodes } from "@/components/recovery-codes/recovery-codes";

type CodeValues = z.input<typeof twoFactorCodeFormSchema>;

/** Groups of four, as authenticator apps show a secret to type by hand. */
function spaced(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Scan (or type) the secret into an authenticator app, then prove it with a code: only then is
 * two-factor on, and the recovery codes are shown, once.
 */
export function EnrollTwoFactor({
  secret,
  qr,
  required,
}: {
  secret: string;
  /** The otpauth:// URI as a QR code (a PNG data URL drawn on the server); absent if it could not be drawn. */
  qr: string | undefined;
  required: boolean;
}) {
  const [formError, setFormError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
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
    const result = await confirmTwoFactorAction(values);
    if (result.ok) {
      setRecoveryCodes(result.data.recoveryCodes);
      return;
    }
    const onCode = result.fieldErrors?.code?.[0];
    if (onCode) {
      form.setError("code", { message: onCode });
      form.setFocus("code");
    } else setFormError(result.message);
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  return (
    <Card title="Set up two-factor sign-in">
      {required ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Admin and finance accounts must use two-factor sign-in. Set it up to continue, or add a passkey
          instead (Account → Passkeys): the rest of Paydesk opens once you have one.
        </p>
      ) : null}
      <ol className="grid list-decimal gap-4 pl-5 text-sm text-slate-800">
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
            <FormError message={formError} />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Checking…" : "Turn on two-factor sign-in"}
            </Button>
          </form>
        </li>
      </ol>
    </Card>
  );
}
