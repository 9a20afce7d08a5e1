"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import type { twoFactorCodeFormSchema } from "@/lib/auth/credentials-schema";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { turnOffTwoFactorAction } from "@/lib/account-security/two-factor-actions";
import { DateTime } from "@/components/display/date-time";
import { ConfirmPasswordDialog } from "@/components/fresh-identity/confirm-password-dialog";
import { useFreshIdentity } from "@/components/fresh-identity/use-fresh-identity";
import { NewRecoveryCodes } from "./new-recovery-codes";

type CodeValues = z.input<typeof twoFactorCodeFormSchema>;

/**
 * Two-factor is on: when, how many recovery codes are left (and new ones), and turning it off (to
 * re-enroll) with the password and a code.
 */
export function TwoFactorOn({
  since,
  unusedRecoveryCodes,
  required,
}: {
  since: string;
  unusedRecoveryCodes: number;
  required: boolean;
}) {
  const router = useRouter();
  const identity = useFreshIdentity();
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
    const result = await identity.withFreshIdentity(() => turnOffTwoFactorAction(values));
    if (!result) return;
    if (result.ok) {
      showOutcome(succeeded(result.data.message));
      router.refresh();
      return;
    }
    const onCode = result.fieldErrors?.code?.[0];
    if (onCode) {
      form.setError("code", { message: onCode });
      form.setFocus("code");
    } else setFormError(result.message);
  }

  return (
    <>
      <Card title="Two-factor sign-in is on">
        <p className="text-sm text-slate-700" data-testid="two-factor-status">
          On since <DateTime value={since} />. {unusedRecoveryCodes} of 10 recovery codes unused.
        </p>
        {unusedRecoveryCodes <= 2 ? (
          <p className="text-sm text-amber-800">Few recovery codes left: make new ones below.</p>
        ) : null}
      </Card>
      <NewRecoveryCodes />
      <Card title="Turn off or move to a new phone">
        <p className="text-sm text-slate-700">
          Turning it off removes the app&apos;s key, and your recovery codes unless you keep a passkey.
          Paydesk asks for your password first if you have not given it in the last 5 minutes.{" "}
          {required
            ? "Your role requires two-factor sign-in, so you will be asked to set it up again at once (with a new key)."
            : "You can set it up again at any time, with a new key."}
        </p>
        <form onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-xs gap-3" noValidate>
          <FormField
            id="off-code"
            label="Current code from your app, or a recovery code"
            error={errors.code?.message}
          >
            <Input
              id="off-code"
              autoComplete="one-time-code"
              aria-invalid={Boolean(errors.code)}
              {...form.register("code")}
            />
          </FormField>
          <FormError message={formError} />
          <Button type="submit" variant="danger" disabled={isSubmitting}>
            {isSubmitting ? "Turning off…" : "Turn off two-factor sign-in"}
          </Button>
        </form>
        <ConfirmPasswordDialog {...identity.dialog} />
      </Card>
    </>
  );
}
