import "server-only";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { SsoConfig } from "./config";
import { discoveryUrl } from "./discovery";

/** The ID token's claims, as next-auth hands them to profile() after checking the token. */
export type IdTokenClaims = Record<string, unknown> & { sub: string };

/**
 * The company's OpenID provider for next-auth: the authorization code flow with PKCE, `state` and
 * `nonce`; endpoints and signing keys from its discovery document. The ID token is checked by
 * openid-client (its signature against the provider's JWKS, issuer, audience, expiry, nonce);
 * who it is in Paydesk is decided by signInWithSso, in the signIn callback (options.ts).
 */
export function ssoProvider(config: SsoConfig): OAuthConfig<IdTokenClaims> {
  return {
    id: config.id,
    name: config.name,
    type: "oauth",
    issuer: config.issuer,
    wellKnown: discoveryUrl(config.issuer),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    checks: ["pkce", "state", "nonce"],
    idToken: true,
    // The ID token's claims; Paydesk's user id and session id replace `id` at sign-in.
    profile: (claims) => ({
      id: claims.sub,
      email: typeof claims.email === "string" ? claims.email : null,
      name: typeof claims.name === "string" ? claims.name : null,
      sessionId: "",
    }),
  };
}
