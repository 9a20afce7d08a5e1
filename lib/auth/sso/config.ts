import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";

/** The company's OpenID provider, as the environment configures it (validated whole in lib/env.ts). */
export interface SsoConfig {
  /** next-auth's provider id: the redirect URI ends in /api/auth/callback/oidc. */
  id: "oidc";
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** "Okta": the button reads "Sign in with Okta". */
  name: string;
  /** Password and passkey sign-in are off (but for break-glass). */
  required: boolean;
}

export const SSO_PROVIDER_ID = "oidc";

export function ssoConfig(env: ServerEnv = serverEnv()): SsoConfig | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME } = env;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !OIDC_NAME) return null;
  return {
    id: SSO_PROVIDER_ID,
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    name: OIDC_NAME,
    required: env.PAYDESK_SSO_REQUIRED,
  };
}

/** What the sign-in page and invitations may know of it: no secret. */
export function ssoForPages(env: ServerEnv = serverEnv()): { name: string; required: boolean } | null {
  const config = ssoConfig(env);
  return config ? { name: config.name, required: config.required } : null;
}
