"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/forms/use-action-form";
import { ownWords } from "@/lib/auth/password-policy";
import { choosePasswordAction } from "@/lib/users/join-actions";

export const PASSWORD_HINT =
  "At least 12 characters, hard to guess: a few unrelated words, or one your password manager makes. Common passwords and your own name or email are refused.";

/**
 * The person chooses their password: checked in the browser with the same schema the server uses
 * (zxcvbn loads on the first check), then once more on the server. Afterwards they sign in.
 */
export function ChoosePasswordForm({ token, email, name }: { token: string; email: string; name: string }) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () =>
      import("@/lib/users/account-link-schemas").then((schemas) =>
        schemas.choosePasswordSchema(ownWords({ email, name })),
      ),
    defaultValues: { token, password: "", confirmPassword: "" },
    action: choosePasswordAction,
    onSuccess: () => router.replace(`/login?reason=password-set&email=${encodeURIComponent(email)}`),
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id="password" label="New password" error={errors.password?.message} hint={PASSWORD_HINT}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </FormField>
      <FormField id="confirmPassword" label="Type it again" error={errors.confirmPassword?.message}>
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <FormError message={formError ?? errors.token?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Set my password"}
      </Button>
    </form>
  );
}
