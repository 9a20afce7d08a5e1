import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { SsoSignInButton } from "@/components/auth/sso-sign-in-button";
import { readSession } from "@/lib/auth/current-user";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { emailSchema } from "@/lib/auth/credentials-schema";
import { ssoForPages } from "@/lib/auth/sso/config";
import { ssoRefusalText } from "@/lib/auth/sso/refusals";
import { ENROLL_PATH } from "@/lib/auth/two-factor/policy";

export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, string> = {
  disabled: "Your account has been disabled, so you were signed out. Ask an admin if this is a mistake.",
  expired: "Your session has expired. Sign in again.",
  "signed-out": "You are signed out.",
  "password-set": "Your password is set. Sign in with it.",
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(params.callbackUrl);
  const state = await readSession();
  if (state.status === "active") redirect(callbackPath);
  if (state.status === "must-enroll") redirect(ENROLL_PATH);

  const notice = params.reason ? NOTICES[params.reason] : undefined;
  const refusal = ssoRefusalText(params.error);
  const sso = ssoForPages();
  const passwordForm = <LoginForm callbackPath={callbackPath} email={prefilledEmail(params.email)} />;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Paydesk</h1>
        <p className="text-sm text-slate-600">Sign in to the merchant back office.</p>
      </div>
      {notice ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {notice}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {refusal}
        </p>
      ) : null}
      {sso ? <SsoSignInButton name={sso.name} callbackPath={callbackPath} /> : null}
      {sso?.required ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">Sign in with a password (break-glass)</summary>
          <p className="my-3 text-slate-600">
            Password sign-in is turned off here. Only an admin with a break-glass link from the server&apos;s
            command line signs in this way.
          </p>
          {passwordForm}
        </details>
      ) : (
        <>
          {sso ? (
            <p className="text-center text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
              or
            </p>
          ) : null}
          {passwordForm}
        </>
      )}
    </main>
  );
}

/** The email to fill in, as the page that set a password passes it: only something shaped like one. */
function prefilledEmail(value: string | undefined): string | undefined {
  const parsed = emailSchema.safeParse(value ?? "");
  return parsed.success ? parsed.data : undefined;
}
