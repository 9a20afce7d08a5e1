import "server-only";
import { getToken } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import { serverEnv } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-url";
import { ssoConfig } from "./config";
import { discover } from "./discovery";

/**
 * Where the browser goes after Paydesk's sign-out to end the provider's session too: its
 * end_session_endpoint (OpenID Connect RP-Initiated Logout), with this sign-in's ID token as the
 * hint and Paydesk's sign-in page to come back to. Null when the session did not come from single
 * sign-on, or the provider has no such endpoint. Read before signing out: it needs the session.
 */
export async function endSessionUrl(browserOrigin?: string): Promise<string | null> {
  const config = ssoConfig();
  if (!config) return null;
  const jar = await cookies();
  const token = await getToken({
    req: {
      headers: Object.fromEntries(await headers()),
      cookies: Object.fromEntries(jar.getAll().map((cookie) => [cookie.name, cookie.value])),
    } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: serverEnv().NEXTAUTH_SECRET,
  });
  if (!token?.idToken) return null;
  const endpoint = (await discover(config.issuer).catch(() => null))?.end_session_endpoint;
  if (!endpoint) return null;
  const url = new URL(endpoint);
  url.searchParams.set("id_token_hint", token.idToken);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("post_logout_redirect_uri", `${publicBaseUrl(browserOrigin)}/login?reason=signed-out`);
  return url.toString();
}
