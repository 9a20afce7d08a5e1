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
import { signInSchema } from "@/lib/auth/credentials-schema";

type SignInValues = z.input<typeof signInSchema>;

export function LoginForm({ callbackPath }: { callbackPath: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string>();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: SignInValues) {
    setFormError(undefined);
    const result = await signIn("credentials", { ...values, redirect: false });
    if (!result || result.error) {
      setFormError(describeSignInError(result?.error));
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
          {...form.register("email")}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </FormField>
      <FormError message={formError} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
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
