import "server-only";
import { sql } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { users, type User } from "@/lib/db/schema";

/**
 * Sessions end, and stay ended. A token is good only while all of these hold:
 * - it is younger than the session lifetime, counted from sign-in (re-issuing it, as
 *   GET /api/auth/session does on every call, never moves that start);
 * - its user exists and is not disabled;
 * - it carries the user's current session version: sign-out, disabling, a role change or a
 *   password change raise the version, so every token issued before is dead for good (enabling
 *   the user again does not revive them).
 */
export type TokenVerdict = "active" | "expired" | "superseded" | "disabled" | "unknown-user";

type TokenUser = Pick<User, "sessionVersion" | "disabledAt">;

export function judgeSessionToken(
  token: Pick<JWT, "sub" | "sv" | "signedInAt">,
  user: TokenUser | undefined,
  nowSeconds: number,
  maxAgeSeconds: number,
): TokenVerdict {
  if (typeof token.signedInAt !== "number" || nowSeconds >= token.signedInAt + maxAgeSeconds)
    return "expired";
  if (!user) return "unknown-user";
  if (user.disabledAt) return "disabled";
  if (token.sv !== user.sessionVersion) return "superseded";
  return "active";
}

/** For an UPDATE of users: ends every session the user has. */
export const endAllSessions = { sessionVersion: sql`${users.sessionVersion} + 1` };

export const nowInSeconds = () => Math.floor(Date.now() / 1000);
