import "server-only";
import { and, eq, gt, isNull, lt, or, isNotNull } from "drizzle-orm";
import { webauthnChallenges, type WebauthnPurpose } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/** How long a passkey prompt may take: the browser's own timeout is the same. */
export const CHALLENGE_TTL_MS = 2 * 60_000;

/**
 * Keeps a challenge the server just issued, for the purpose and the user (and for a confirmation,
 * the session) it was issued to. Challenges are kept in the database, not in the browser or one
 * instance's memory, so any instance can check the answer, and each is used once. Those that
 * expired or were used are cleared as new ones are issued.
 */
export async function keepChallenge(
  db: DbOrTx,
  challenge: { value: string; purpose: WebauthnPurpose; userId: string | null; sessionId: string | null },
  now = new Date(),
): Promise<void> {
  await db
    .delete(webauthnChallenges)
    .where(or(lt(webauthnChallenges.expiresAt, now), isNotNull(webauthnChallenges.usedAt)));
  await db.insert(webauthnChallenges).values({
    challenge: challenge.value,
    purpose: challenge.purpose,
    userId: challenge.userId,
    sessionId: challenge.sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Uses up the challenge an answer names, if it was issued for this purpose (and user, and
 * session, when given), is unexpired and unused. One statement, so two answers to one challenge
 * cannot both pass. Null when nothing matched: the prompt expired, was answered already, or was
 * issued for something else.
 */
export async function spendChallenge(
  db: DbOrTx,
  wanted: { value: string; purpose: WebauthnPurpose; userId?: string; sessionId?: string },
  now = new Date(),
): Promise<{ userId: string | null; sessionId: string | null } | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, wanted.value),
        eq(webauthnChallenges.purpose, wanted.purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        wanted.userId ? eq(webauthnChallenges.userId, wanted.userId) : undefined,
        wanted.sessionId ? eq(webauthnChallenges.sessionId, wanted.sessionId) : undefined,
      ),
    )
    .returning({ userId: webauthnChallenges.userId, sessionId: webauthnChallenges.sessionId });
  return row ?? null;
}

/** The challenge a browser's answer says it signed (from its clientDataJSON), or null if unreadable. */
export function challengeOfAnswer(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    // Challenges are base64url (generated here); anything else, a NUL included, is no answer.
    return typeof challenge === "string" && /^[A-Za-z0-9_-]{1,512}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}
