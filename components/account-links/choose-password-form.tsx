"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { NewPasswordFields } from "./new-password-fields";
import { ownWords } from "@/lib/auth/password-policy";
import { choosePasswordAction } from "@/lib/users/join-actions";

/**
 * The person chooses their password: checked in the browser with the same schema the server uses
 * (zxcvbn loads on the first check), then once more on the server. Afterwards they sign in.
 */
export function ChoosePasswordForm({
  token,
  email,
  name,
  businessName,
}: {
  token: string;
  email: string;
  name: string;
  businessName: string;
}) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () =>
      import("@/lib/users/account-link-schemas").then((schemas) =>
        schemas.choosePasswordSchema(ownWords({ email, name }, businessName)),
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
      <NewPasswordFields register={form.register} errors={errors} />
      <FormError message={formError ?? errors.token?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Set my password"}
      </Button>
    </form>
  );
}
