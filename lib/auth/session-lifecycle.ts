import "server-only";
import type { JWT } from "next-auth/jwt";
import type { User } from "next-auth";
import type { DbOrTx } from "@/lib/db/types";
import { readLiveSession, type SessionVerdict } from "./sessions";

export class SessionEnded extends Error {
  constructor(readonly verdict: Exclude<SessionVerdict["status"], "live">) {
    super(`Session ended: ${verdict}`);
    this.name = "SessionEnded";
  }
}

/**
 * What a session token stands for now: its session row, judged at this moment (sessions.ts). A
 * token without a session id, or naming another user's session, stands for nothing.
 */
export async function judgeToken(db: DbOrTx, token: Pick<JWT, "sub" | "sid">, now = new Date()) {
  if (typeof token.sid !== "string" || !token.sub) return { status: "unknown" } as const;
  const verdict = await readLiveSession(db, token.sid, now);
  if (verdict.status === "live" && verdict.user.id !== token.sub) return { status: "unknown" } as const;
  return verdict;
}

/**
 * next-auth's jwt callback. At sign-in the token records who and which session (made by
 * checkCredentials); on every later read the session is judged and the token refused (thrown) once
 * it has ended: next-auth then clears the cookie.
 */
export async function refreshSessionToken(
  db: DbOrTx,
  token: JWT,
  signingIn: User | undefined,
  now = new Date(),
): Promise<JWT> {
  if (signingIn) return { ...token, sub: signingIn.id, sid: signingIn.sessionId };
  const verdict = await judgeToken(db, token, now);
  if (verdict.status !== "live") throw new SessionEnded(verdict.status);
  return token;
}
