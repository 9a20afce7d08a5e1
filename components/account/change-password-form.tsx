"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { NewPasswordFields } from "@/components/account-links/new-password-fields";
import { useActionForm } from "@/components/forms/use-action-form";
import { SecondFactorPrompt } from "@/components/passkeys/second-factor-prompt";
import { useStepUp } from "@/components/passkeys/use-step-up";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { changeMyPasswordAction } from "@/lib/auth/password-actions";
import { ownWords } from "@/lib/auth/password-policy";

const STEP_UP_FIELD = "change-password-code";

/**
 * The current password, the new one twice, and, for someone with a second factor whose session
 * last confirmed it too long ago, a fresh code or passkey (the prompt says when this session last
 * did).
 */
export function ChangePasswordForm({
  email,
  name,
  businessName,
}: {
  email: string;
  name: string;
  businessName: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const stepUp = useStepUp(STEP_UP_FIELD);
  const [done, setDone] = useState<string>();
  const { form, formError, submit } = useActionForm({
    schema: () =>
      import("@/lib/auth/password-policy").then((policy) =>
        policy.changePasswordSchema(ownWords({ email, name }, businessName)),
      ),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
    action: async (values) => {
      const result = await changeMyPasswordAction({ ...values, ...stepUp.proof });
      // The second factor's error belongs to its prompt, not to the form.
      if (result.ok || !stepUp.askedFor(result)) return result;
      const { code: _code, ...others } = result.fieldErrors ?? {};
      return {
        ...result,
        fieldErrors: others,
        message: Object.keys(others).length > 0 ? result.message : "",
      };
    },
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      setDone(message);
      stepUp.clear();
      form.reset();
      void queryClient.invalidateQueries({ queryKey: ["second-factor"] });
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
      {/* For password managers: whose password this is. */}
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
      <NewPasswordFields
        register={form.register}
        errors={errors}
        confirmLabel="Type the new password again"
      />
      <SecondFactorPrompt {...stepUp.prompt} />
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
