import "server-only";
import { decode, type JWT } from "next-auth/jwt";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { serverEnv } from "@/lib/env";
import { SESSION_COOKIE_NAMES, sessionCookieValue } from "./session-cookies";
import { judgeToken } from "./session-lifecycle";
import { touchSession } from "./sessions";
import { roleMustEnroll } from "./two-factor/policy";
import { isEnrolled } from "./two-factor/store";
import { noteRequestUser } from "@/lib/log/request-context";

export type CurrentUser = Pick<User, "id" | "email" | "name" | "role" | "timeZone" | "numberLocale">;

export type SessionState =
  | { status: "signed-out" }
  /** Signed in with a token, but the account was disabled since. */
  | { status: "revoked" }
  | { status: "active"; user: CurrentUser; sessionId: string }
  /**
   * Signed in, but an admin or finance user without two-factor outside demo mode: only the
   * enrollment page and its actions accept them. Everything that asks for "active" refuses them.
   */
  | { status: "must-enroll"; user: CurrentUser; sessionId: string };

/**
 * The session's user as the database sees them now, not as the token remembers them: the token
 * is decoded here and its session row judged (see sessions.ts), on every request. Read once per
 * page render (the layout and the page both ask); actions and route handlers run outside a
 * render, so each call there reads afresh.
 */
export const readSession = cache(readSessionNow);

async function readSessionNow(): Promise<SessionState> {
  const env = serverEnv();
  const token = await readSessionToken(env.NEXTAUTH_SECRET);
  if (!token?.sub) return { status: "signed-out" };
  const db = await getDb();
  const verdict = await judgeToken(db, token);
  if (verdict.status === "live") {
    const { user, session } = verdict;
    noteRequestUser(user.id);
    await touchSession(db, session);
    const current = {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      timeZone: user.timeZone,
      numberLocale: user.numberLocale,
    };
    if (roleMustEnroll(user.role, env.PAYDESK_DEMO) && !(await isEnrolled(db, user.id)))
      return { status: "must-enroll", user: current, sessionId: session.id };
    return { status: "active", user: current, sessionId: session.id };
  }
  return verdict.status === "disabled" ? { status: "revoked" } : { status: "signed-out" };
}

async function readSessionToken(secret: string | undefined): Promise<JWT | null> {
  // Cookies first, always: reading them is what makes every page that checks the session
  // render per request (at build time there is no secret, and a page that returned before
  // touching cookies would be prerendered once, as a redirect to /login).
  const all = (await cookies()).getAll();
  if (!secret) return null;
  for (const name of SESSION_COOKIE_NAMES) {
    const value = sessionCookieValue(all, name);
    if (!value) continue;
    try {
      const token = await decode({ token: value, secret });
      if (token) return token;
    } catch {
      // A token that does not decrypt (another secret, tampered, past its own expiry) is no session.
    }
  }
  return null;
}
