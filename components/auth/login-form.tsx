"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { signInSchema, TWO_FACTOR_REQUIRED } from "@/lib/auth/credentials-schema";

type SignInValues = z.input<typeof signInSchema>;

/**
 * Email and password; for a user with two-factor, the server then answers that a code is needed
 * and the form asks for it, keeping what was typed. The code is checked with the password again,
 * so nothing is signed in until both are right.
 */
export function LoginForm({ callbackPath }: { callbackPath: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string>();
  const [askCode, setAskCode] = useState(false);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: SignInValues) {
    setFormError(undefined);
    if (askCode && !values.code?.trim()) {
      form.setError("code", { message: "Enter the 6-digit code from your authenticator app." });
      form.setFocus("code");
      return;
    }
    const result = await signIn("credentials", { ...values, code: values.code ?? "", redirect: false });
    if (result?.error === TWO_FACTOR_REQUIRED) {
      setAskCode(true);
      // After the render that shows the field.
      setTimeout(() => form.setFocus("code"), 0);
      return;
    }
    if (!result || result.error) {
      const message = describeSignInError(result?.error);
      if (askCode && /code/i.test(message)) {
        form.setError("code", { message });
        form.setValue("code", "");
        form.setFocus("code");
      } else setFormError(message);
      return;
    }
    router.replace(callbackPath);
    router.refresh();
  }

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          aria-invalid={Boolean(errors.email)}
          readOnly={askCode}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          readOnly={askCode}
          {...form.register("password")}
        />
      </FormField>
      {askCode ? (
        <div className="grid gap-1">
          <p className="text-sm text-slate-700" role="status">
            Two-factor sign-in is on for this account.
          </p>
          <FormField
            id="code"
            label="Code from your authenticator app"
            error={errors.code?.message}
            hint="Lost your phone? Enter one of your recovery codes instead (each works once)."
          >
            <Input
              id="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-invalid={Boolean(errors.code)}
              {...form.register("code")}
            />
          </FormField>
        </div>
      ) : null}
      <FormError message={formError} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : askCode ? "Verify and sign in" : "Sign in"}
      </Button>
      {askCode ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setAskCode(false);
            form.reset({ email: form.getValues("email"), password: "", code: "" });
          }}
        >
          Use another account
        </Button>
      ) : null}
    </form>
  );
}

function describeSignInError(error: string | null | undefined): string {
  // Our authorize() throws messages written for people; next-auth's own codes are not.
  if (!error || error === "CredentialsSignin" || error === "Configuration") {
    return "Sign-in failed. Check your email and password and try again.";
  }
  return error;
}
