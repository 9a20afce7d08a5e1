"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { PASSWORD_HINT } from "@/components/account-links/choose-password-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { changeMyPasswordAction } from "@/lib/auth/password-actions";
import { ownWords } from "@/lib/auth/password-policy";

/**
 * The current password, the new one twice, and (once the server asks: two-factor is on and this
 * session's last confirmation is too old) a fresh code from the authenticator app.
 */
export function ChangePasswordForm({ email, name }: { email: string; name: string }) {
  const router = useRouter();
  const [askCode, setAskCode] = useState(false);
  const [done, setDone] = useState<string>();
  const { form, formError, submit } = useActionForm({
    schema: () =>
      import("@/lib/auth/password-policy").then((policy) =>
        policy.changePasswordSchema(ownWords({ email, name })),
      ),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "", code: "" },
    action: async (values) => {
      const result = await changeMyPasswordAction(values);
      if (!result.ok && result.fieldErrors?.code) setAskCode(true);
      return result;
    },
    onSuccess: ({ message }) => {
      toast.success(message);
      setDone(message);
      setAskCode(false);
      form.reset();
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      {done ? (
        <p
          role="status"
          data-testid="password-changed"
          className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          {done}
        </p>
      ) : null}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
        <Input
          id="currentPassword"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.currentPassword)}
          {...form.register("currentPassword")}
        />
      </FormField>
      <FormField id="password" label="New password" error={errors.password?.message} hint={PASSWORD_HINT}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </FormField>
      <FormField
        id="confirmPassword"
        label="Type the new password again"
        error={errors.confirmPassword?.message}
      >
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          {...form.register("confirmPassword")}
        />
      </FormField>
      {askCode ? (
        <FormField
          id="code"
          label="Code from your authenticator app"
          error={errors.code?.message}
          hint="Your last code in this session is too old: confirm it is you."
        >
          <Input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-invalid={Boolean(errors.code)}
            {...form.register("code")}
          />
        </FormField>
      ) : null}
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
