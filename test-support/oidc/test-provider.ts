import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, importJWK, SignJWT } from "jose";
import { localOidcProvider, localSigningKey, type LocalAccount } from "@/lib/demo-sso/local-provider";

/*
 * The local OpenID provider (lib/demo-sso/local-provider.ts) for tests, on 127.0.0.1. A test may
 * make the next ID token bad in one way, signed with the provider's own key so only the named
 * check fails, or the next answer's state.
 */

export type TestAccount = LocalAccount;

/**
 * What the provider spoils next (once): the next ID token it hands out (for another audience,
 * expired, or the one before replayed), or the `state` of the next answer it sends the browser back with.
 */
export type Spoil = "audience" | "expired" | "replayed" | "state";

export interface TestProviderOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** By login (= sub); a login not listed gets `<login>@example.com`, verified. */
  accounts?: Record<string, TestAccount>;
  /** Answer the /__test/ control requests (a provider started for another process). */
  control?: boolean;
}

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  spoilNext(spoil: Spoil): void;
  close(): Promise<void>;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const jwk = await localSigningKey("test-key");
  const signingKey = await importJWK(jwk, "RS256");
  const provider = localOidcProvider({ ...options, issuer, accounts, signingKey: jwk });

  let spoil: Spoil | null = null;
  let lastIdToken: string | null = null;
  provider.use(async (ctx, next) => {
    await next();
    const location = String(ctx.response.get("Location") ?? "");
    if (spoil === "state" && options.redirectUris.some((uri) => location.startsWith(uri))) {
      const answer = new URL(location);
      answer.searchParams.set("state", "someone-elses-state");
      ctx.redirect(answer.toString());
      spoil = null;
      return;
    }
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || typeof body?.id_token !== "string") return;
    const issued = body.id_token;
    if (spoil && spoil !== "state") {
      const claims = decodeJwt(issued);
      const now = Math.floor(Date.now() / 1000);
      const spoilt =
        spoil === "replayed" && lastIdToken
          ? lastIdToken
          : await new SignJWT({
              ...claims,
              ...(spoil === "audience" ? { aud: "another-application" } : {}),
              ...(spoil === "expired" ? { iat: now - 1_200, exp: now - 600 } : {}),
            })
              .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "JWT" })
              .sign(signingKey);
      ctx.body = { ...body, id_token: spoilt };
      spoil = null;
    }
    lastIdToken = issued;
  });
  const oidc = provider.callback();
  server.on("request", (request, response) => {
    // For a test in another process (e2e): POST /__test/spoil?next=<spoil>, POST /__test/accounts.
    if (options.control && request.method === "POST" && request.url?.startsWith("/__test/")) {
      void controlled(request, response);
      return;
    }
    void oidc(request, response);
  });
  const controlled = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", issuer);
    if (url.pathname === "/__test/spoil") {
      spoil = url.searchParams.get("next") as Spoil;
    } else if (url.pathname === "/__test/accounts") {
      let body = "";
      for await (const chunk of request) body += String(chunk);
      for (const [login, account] of Object.entries(JSON.parse(body) as Record<string, TestAccount>)) {
        accounts.set(login, account);
      }
    }
    response.writeHead(204).end();
  };

  return {
    issuer,
    accounts,
    spoilNext: (next) => {
      spoil = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
