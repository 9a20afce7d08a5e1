/**
 * Why a single sign-on was refused, by the code the sign-in page receives (`/login?error=…`):
 * Paydesk's own codes, and next-auth's for a provider answer that failed its checks. Plain
 * strings: the sign-in page shows them.
 */
export const SSO_REFUSALS = {
  sso_unknown_user:
    "There is no Paydesk account for your company account's email address. Ask an admin to add you, then sign in again.",
  sso_email_unverified:
    "Your company account's email address is not verified, so Paydesk cannot tell whose account it is. Ask your identity provider's admin to verify it.",
  sso_no_email:
    "Your company's sign-in did not say your email address, so Paydesk cannot tell whose account it is. Ask an admin to check the provider's settings (scope email).",
  sso_other_subject:
    "This Paydesk account is linked to another account at your company's sign-in. Ask an admin: it may be a new account with an old email address.",
  sso_disabled: "This account is disabled. Ask an admin to enable it.",
  sso_failed: "Your company's sign-in could not be completed. Try again; if it keeps failing, ask an admin.",
} as const;

export type SsoRefusal = keyof typeof SSO_REFUSALS;

/** next-auth's error codes for a sign-in with a provider that went wrong, said in Paydesk's words. */
const NEXT_AUTH_ERRORS: Record<string, string> = {
  OAuthSignin: "Could not start the sign-in with your company's provider. Try again, or ask an admin.",
  OAuthCallback:
    "Your company's sign-in answered with something Paydesk could not accept (expired, for another application, or already used). Sign in again.",
  Callback: SSO_REFUSALS.sso_failed,
  AccessDenied: SSO_REFUSALS.sso_failed,
  Configuration: "Single sign-on is not set up correctly. Ask an admin to check the server's log.",
};

/** The words for a sign-in page's `error` parameter, or undefined for one it does not know. */
export function ssoRefusalText(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (code in SSO_REFUSALS) return SSO_REFUSALS[code as SsoRefusal];
  return NEXT_AUTH_ERRORS[code];
}
