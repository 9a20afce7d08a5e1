import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/*
 * A real OpenID provider (oidc-provider, a certified implementation) on this machine, for the
 * demo (PAYDESK_DEMO_SSO=1) and the tests: one confidential client, and its own login page that
 * takes any login and password (the login is the account's `sub`). Never for people's accounts.
 */

export interface LocalAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalProviderOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** By login (= sub); a login not listed is `<login>@example.com`, verified. */
  accounts: Map<string, LocalAccount>;
  /** The private key its ID tokens are signed with (RS256, kid set). */
  signingKey: JWK;
}

/** A fresh RS256 key for a local provider, with its key id. */
export async function localSigningKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
}

export function localOidcProvider(options: LocalProviderOptions): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx, id) {
      const account = options.accounts.get(id) ?? {
        email: `${id}@example.com`,
        email_verified: true,
        name: id,
      };
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The claims go in the ID token, as the big providers put them.
    conformIdTokenClaims: false,
    jwks: { keys: [options.signingKey] },
    cookies: { keys: [`local-provider-${options.clientSecret}`] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    // A first-party client: no consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  };
  return new Provider(options.issuer, configuration);
}
