"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { signInSchema } from "@/lib/auth/credentials-schema";
import { TWO_FACTOR_REQUIRED } from "@/lib/auth/two-factor-required";
import { passkeyForSignIn } from "@/components/passkeys/passkey-browser";

type SignInInput = z.input<typeof signInSchema>;
type FieldName = "email" | "password" | "code";
type FieldErrors = Partial<Record<FieldName, string>>;

const ENTER_CODE = "Enter the 6-digit code from your authenticator app.";

/**
 * Email and password; for a user with two-factor, the server then answers that a code is needed
 * and the form asks for it, keeping what was typed. The code is checked with the password again,
 * so nothing is signed in until both are right. The fields are checked with the same schema as
 * authorize() on the server, loaded on the first check; that and plain inputs instead of
 * react-hook-form keep this page, the first everyone loads, lighter than the pages behind it.
 */
export function LoginForm({ callbackPath, email }: { callbackPath: string; email?: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [askCode, setAskCode] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Like react-hook-form's default: no errors while typing until the first submit, then live.
  const [submitted, setSubmitted] = useState(false);

  const field = (name: FieldName) => formRef.current?.elements.namedItem(name) as HTMLInputElement | null;
  const values = (): SignInInput => ({
    email: field("email")?.value ?? "",
    password: field("password")?.value ?? "",
    code: field("code")?.value ?? "",
  });

  function recheck() {
    if (submitted) void fieldErrors(values(), askCode).then(setErrors);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    const typed = values();
    let found: FieldErrors;
    try {
      found = await fieldErrors(typed, askCode);
    } catch {
      setFormError("Could not load the sign-in form's checks. Check your connection and try again.");
      return;
    }
    setErrors(found);
    const firstInvalid = (["email", "password", "code"] as const).find((name) => found[name]);
    if (firstInvalid) {
      field(firstInvalid)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const result = await signIn("credentials", { ...typed, code: typed.code ?? "", redirect: false });
      if (result?.error === TWO_FACTOR_REQUIRED) {
        setAskCode(true);
        // After the render that shows the field.
        setTimeout(() => field("code")?.focus(), 0);
        return;
      }
      if (!result || result.error) {
        const message = describeSignInError(result?.error);
        const code = field("code");
        if (askCode && code && /code/i.test(message)) {
          setErrors({ code: message });
          code.value = "";
          code.focus();
        } else setFormError(message);
        return;
      }
      router.replace(callbackPath);
      router.refresh();
    } finally {
      setSubmitting(false);
    }
  }

  /**
   * A passkey instead of the password (and code): any passkey this device holds for Paydesk, or
   * with an email typed, only that account's.
   */
  async function signInWithPasskey() {
    setFormError(undefined);
    setErrors({});
    setSubmitting(true);
    try {
      const email = field("email")?.value.trim() ?? "";
      const answer = await passkeyForSignIn(/^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined);
      if (!answer.ok) {
        setFormError(answer.message);
        return;
      }
      const result = await signIn("passkey", { response: JSON.stringify(answer.value), redirect: false });
      if (!result || result.error) {
        setFormError(describeSignInError(result?.error, "passkey"));
        return;
      }
      router.replace(callbackPath);
      router.refresh();
    } finally {
      setSubmitting(false);
    }
  }

  function switchAccount() {
    setAskCode(false);
    setErrors({});
    setSubmitted(false);
    const password = field("password");
    if (password) password.value = "";
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onChange={recheck}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      <FormField id="email" label="Email" error={errors.email}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={email}
          aria-invalid={Boolean(errors.email)}
          readOnly={askCode}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          readOnly={askCode}
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
            error={errors.code}
            hint="Lost your phone or passkey? Enter one of your recovery codes instead (each works once)."
          >
            <Input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-invalid={Boolean(errors.code)}
            />
          </FormField>
        </div>
      ) : null}
      <FormError message={formError} />
      <Button type="submit" disabled={submitting}>
        {submitting ? "Signing in…" : askCode ? "Verify and sign in" : "Sign in"}
      </Button>
      <Button type="button" variant="secondary" onClick={signInWithPasskey} disabled={submitting}>
        {askCode ? "Use a passkey instead" : "Sign in with a passkey"}
      </Button>
      {askCode ? (
        <Button type="button" variant="secondary" onClick={switchAccount}>
          Use another account
        </Button>
      ) : null}
    </form>
  );
}

/** The first message per field from the shared schema; the code is required once it is asked for. */
async function fieldErrors(values: SignInInput, askCode: boolean): Promise<FieldErrors> {
  const schemas = await import("@/lib/auth/credentials-schema");
  const errors: FieldErrors = {};
  const parsed = schemas.signInSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0] as FieldName;
    errors[name] ??= issue.message;
  }
  if (askCode && !values.code?.trim()) errors.code ??= ENTER_CODE;
  return errors;
}

function describeSignInError(
  error: string | null | undefined,
  how: "password" | "passkey" = "password",
): string {
  // Our authorize() throws messages written for people; next-auth's own codes are not.
  if (!error || error === "CredentialsSignin" || error === "Configuration") {
    return how === "passkey"
      ? "Sign-in with the passkey failed. Try again, or sign in with your password."
      : "Sign-in failed. Check your email and password and try again.";
  }
  return error;
}
