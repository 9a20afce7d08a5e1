import "server-only";
import type { Account, Profile, User } from "next-auth";
import { headers } from "next/headers";
import { requestOrigin } from "@/lib/audit/request-origin";
import { getDb } from "@/lib/db/client";
import type { SsoConfig } from "./config";
import { ssoCountsAsSecondFactor } from "./second-factor-setting";
import { signInWithSso } from "./sso-sign-in";

/**
 * next-auth's signIn callback for a sign-in with the company's provider: the Paydesk user it
 * stands for, and a new session. next-auth passes the same `user` object on to the jwt callback,
 * which records the ids set here in the token (session-lifecycle.ts). A refusal sends the person
 * back to the sign-in page with its reason.
 */
export async function completeSsoSignIn(
  config: SsoConfig,
  sessionMaxAgeSeconds: number,
  signingIn: { user: User; account: Account | null; profile?: Profile },
): Promise<true | string> {
  const origin = requestOrigin(await headers());
  const db = await getDb();
  const result = await signInWithSso(
    db,
    { issuer: config.issuer, name: config.name, countsAsSecondFactor: await ssoCountsAsSecondFactor(db) },
    signingIn.profile,
    { address: origin.clientAddress, userAgent: origin.userAgent },
    { sessionMaxAgeSeconds },
  );
  if (!result.ok) return `/login?error=${result.refusal}`;
  Object.assign(signingIn.user, result.user);
  return true;
}
