import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { listSessions } from "./sessions";
import { describeUserAgent } from "./user-agent";

/** A session as the list of sessions shows it: plain JSON. */
export interface SessionItem {
  id: string;
  browser: string;
  clientAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** Live, ended (with why), or expired. */
  state: "live" | "ended" | "expired";
  endedReason: string | null;
  /** The session this list is shown in. */
  current: boolean;
}

export async function sessionItems(
  db: DbOrTx,
  userId: string,
  currentSessionId: string | null,
  now = new Date(),
): Promise<SessionItem[]> {
  const sessions = await listSessions(db, userId, now);
  return sessions.map((session) => ({
    id: session.id,
    browser: describeUserAgent(session.userAgent),
    clientAddress: session.clientAddress,
    signedInAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    state: session.endedAt ? "ended" : session.expiresAt <= now ? "expired" : "live",
    endedReason: session.endedReason,
    current: session.id === currentSessionId,
  }));
}
