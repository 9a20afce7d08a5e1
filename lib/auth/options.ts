import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { clientIp } from "./client-ip";
import { loginLimiter } from "./login-rate-limit";
import { checkCredentials } from "./sign-in";

export function authOptions(): NextAuthOptions {
  const env = serverEnv();
  return {
    secret: env.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: env.SESSION_MAX_AGE_MINUTES * 60 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, request) {
          const ip = clientIp(request?.headers, env.TRUST_PROXY);
          const result = await checkCredentials(await getDb(), loginLimiter(), credentials, ip);
          // next-auth hands a thrown error's message to the client as the sign-in error.
          if (!result.ok) throw new Error(result.message);
          return result.user;
        },
      }),
    ],
    callbacks: {
      // The token carries only the user's id; the role is read from the database on every
      // protected page and mutation, so a change takes effect at once.
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        return { ...session, userId: token.sub };
      },
    },
  };
}
