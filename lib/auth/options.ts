import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { isPublicUrlHttps } from "@/lib/http/security-headers";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { requestOrigin } from "@/lib/audit/request-origin";
import { recordAudit } from "@/lib/audit/record";
import { requestActor } from "@/lib/audit/request-actor";
import { codeLimiter, loginLimiter, passkeyLimiter } from "./app-login-limiter";
import { signInWithPasskey } from "./passkey-sign-in";
import { relyingPartyFromHeaders } from "./passkeys/current-relying-party";
import { refreshSessionToken } from "./session-lifecycle";
import { END_REASONS, endSession } from "./sessions";
import { checkCredentials, type SignInResult } from "./sign-in";
import { appSecretKey } from "./two-factor/app-key";
import { findUserById } from "./user-lookup";
import { ssoConfig } from "./sso/config";
import { ssoProvider } from "./sso/provider";
import { completeSsoSignIn } from "./sso/sign-in-callback";
import { nextAuthLogger } from "./next-auth-logger";
import { KNOWN_BROWSER_COOKIE, KNOWN_BROWSER_MAX_AGE_SECONDS, knownBrowserCookie } from "./known-browser";

const headerText = (value: unknown) => (typeof value === "string" ? value : undefined);

export function authOptions(): NextAuthOptions {
  const env = serverEnv();
  const maxAgeSeconds = env.SESSION_MAX_AGE_MINUTES * 60;
  const sso = ssoConfig(env);
  return {
    secret: env.NEXTAUTH_SECRET,
    // The token's own lifetime is the session's: next-auth's default would be 30 days.
    session: { strategy: "jwt", maxAge: maxAgeSeconds },
    jwt: { maxAge: maxAgeSeconds },
    pages: { signIn: "/login", error: "/login" },
    logger: nextAuthLogger,
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" }, code: { type: "text" } },
        async authorize(credentials, request) {
          const origin = requestOrigin(request?.headers);
          const result = await checkCredentials(
            await getDb(),
            {
              passwords: await loginLimiter(),
              codes: await codeLimiter(),
              secretKey: appSecretKey(),
              browserSecret: env.NEXTAUTH_SECRET,
              sessionMaxAgeSeconds: maxAgeSeconds,
              ...(sso?.required ? { ssoRequired: { name: sso.name } } : {}),
            },
            credentials,
            {
              address: origin.clientAddress,
              userAgent: origin.userAgent,
              knownBrowserCookie: knownBrowserCookie(headerText(request?.headers?.cookie)),
            },
          );
          return signedIn(result);
        },
      }),
      CredentialsProvider({
        id: "passkey",
        name: "Passkey",
        credentials: { response: { type: "text" } },
        async authorize(credentials, request) {
          const origin = requestOrigin(request?.headers);
          const result = await signInWithPasskey(
            await getDb(),
            {
              relyingParty: relyingPartyFromHeaders(request?.headers),
              prompts: await passkeyLimiter(),
              browserSecret: env.NEXTAUTH_SECRET,
              sessionMaxAgeSeconds: maxAgeSeconds,
              ...(sso?.required ? { ssoRequired: { name: sso.name } } : {}),
            },
            credentials,
            { address: origin.clientAddress, userAgent: origin.userAgent },
          );
          return signedIn(result);
        },
      }),
      ...(sso ? [ssoProvider(sso)] : []),
    ],
    callbacks: {
      // Credentials were checked in authorize(); a sign-in with the company's provider is matched
      // to its Paydesk user here.
      async signIn({ user, account, profile }) {
        if (account?.provider !== sso?.id || !sso) return true;
        return completeSsoSignIn(sso, maxAgeSeconds, { user, account, profile });
      },
      // The token carries the user's id and their session's; the session row and the role are
      // read from the database on every protected page and mutation, so a change takes effect at
      // once. A session that has ended is refused here: next-auth then clears the cookie and
      // GET /api/auth/session answers with no session.
      async jwt({ token, user, account }) {
        const refreshed = await refreshSessionToken(await getDb(), token, user);
        // Kept to end the provider's session too at sign-out (its end_session_endpoint's hint).
        return account?.id_token ? { ...refreshed, idToken: account.id_token } : refreshed;
      },
      session({ session, token }) {
        return { ...session, userId: token.sub };
      },
    },
    events: {
      // Signing out ends this session for good, not just this browser's cookie. (Other sessions
      // are ended from the list of one's sessions.)
      async signOut({ token }) {
        const userId = token?.sub;
        const sessionId = token?.sid;
        if (!userId || !sessionId) return;
        const db = await getDb();
        const user = await findUserById(db, userId);
        // The entry's address is a nicety: reading it must never stop the sign-out itself.
        const fallback = { kind: "user" as const, userId, email: user?.email ?? null };
        const actor = user ? await requestActor(user).catch(() => fallback) : fallback;
        await db.transaction(async (tx) => {
          await endSession(tx, userId, sessionId, END_REASONS.signedOut);
          await recordAudit(tx, actor, {
            action: "auth.signed_out",
            object: { type: "user", id: userId },
            after: { session: sessionId },
          });
        });
      },
    },
  };
}

/** The user next-auth signs in, or its error: a thrown error's message reaches the sign-in form. */
async function signedIn(result: SignInResult) {
  if (!result.ok) throw new Error(result.message);
  if (result.knownBrowserCookie) {
    (await cookies()).set(KNOWN_BROWSER_COOKIE, result.knownBrowserCookie, {
      httpOnly: true,
      sameSite: "lax",
      secure: isPublicUrlHttps(process.env),
      path: "/",
      maxAge: KNOWN_BROWSER_MAX_AGE_SECONDS,
    });
  }
  return result.user;
}
