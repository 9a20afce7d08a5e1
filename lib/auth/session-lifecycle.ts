import "server-only";
import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import type { User } from "next-auth";
import { users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { endAllSessions, judgeSessionToken, nowInSeconds, type TokenVerdict } from "./session-token";
import { findUserById } from "./user-lookup";

export class SessionEnded extends Error {
  constructor(readonly verdict: Exclude<TokenVerdict, "active">) {
    super(`Session ended: ${verdict}`);
    this.name = "SessionEnded";
  }
}

/**
 * next-auth's jwt callback. At sign-in the token records who, under which session version, and
 * when; on every later read it is judged against the user's row and refused (thrown) once it has
 * ended. The sign-in time is carried over unchanged, so re-issuing never extends a session.
 */
export async function refreshSessionToken(
  db: DbOrTx,
  token: JWT,
  signingIn: User | undefined,
  maxAgeSeconds: number,
  now = nowInSeconds(),
): Promise<JWT> {
  if (signingIn) return { ...token, sub: signingIn.id, sv: signingIn.sessionVersion, signedInAt: now };
  const user = token.sub ? await findUserById(db, token.sub) : undefined;
  const verdict = judgeSessionToken(token, user, now, maxAgeSeconds);
  if (verdict !== "active") throw new SessionEnded(verdict);
  return token;
}

/** Sign-out everywhere: every token the user holds stops working. */
export async function endSessionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set(endAllSessions).where(eq(users.id, userId));
}
