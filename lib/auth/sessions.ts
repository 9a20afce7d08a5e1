import "server-only";
import { and, desc, eq, gt, isNull, ne, or } from "drizzle-orm";
import {
  users,
  userSessions,
  type SecondFactor,
  type SignInMethod,
  type User,
  type UserSession,
} from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/**
 * Sessions are rows: signing in makes one, the session token carries its id, and every request
 * checks it (readLiveSession), so ending a session takes effect at once, on its next request.
 * A session ends when its owner signs out of it, ends it from their list of sessions, changes
 * their password (every other one), an admin ends it, the account is disabled or its role
 * changes (all of them), or its lifetime runs out (expiresAt, counted from sign-in).
 */

/** Why a session ended, as the list of sessions says it. */
export const END_REASONS = {
  signedOut: "signed out",
  endedByOwner: "ended from another session",
  passwordChanged: "the password was changed",
  endedByAdmin: "ended by an admin",
  disabled: "the account was disabled",
  roleChanged: "the role changed",
  passwordReset: "the password was reset by an admin",
} as const;
export type EndReason = (typeof END_REASONS)[keyof typeof END_REASONS];

/** How often a session's last-seen time is written (a write per request would be a write per page). */
const LAST_SEEN_EVERY_MS = 60_000;

export interface NewSession {
  userId: string;
  clientAddress: string | null;
  userAgent: string | null;
  secondFactor: SecondFactor | null;
  signedInWith: SignInMethod;
  now: Date;
  maxAgeSeconds: number;
  /** The merchant counts a single sign-on as a second factor (Settings): it confirms this session's. */
  ssoIsSecondFactor?: boolean;
  /** Whether this sign-in proved the person's identity afresh; by default a password or single sign-on does. */
  identityConfirmed?: boolean;
}

export async function startSession(db: DbOrTx, session: NewSession): Promise<UserSession> {
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: session.userId,
      createdAt: session.now,
      lastSeenAt: session.now,
      expiresAt: new Date(session.now.getTime() + session.maxAgeSeconds * 1000),
      clientAddress: session.clientAddress,
      userAgent: session.userAgent?.slice(0, 500) ?? null,
      secondFactor: session.secondFactor,
      signedInWith: session.signedInWith,
      // A second factor given at sign-in is this session's first confirmation.
      confirmedAt:
        session.secondFactor || (session.signedInWith === "sso" && session.ssoIsSecondFactor)
          ? session.now
          : null,
      // A passkey alone proves the device, not the person's password or company account.
      identityConfirmedAt:
        (session.identityConfirmed ?? session.signedInWith !== "passkey") ? session.now : null,
    })
    .returning();
  if (!row) throw new Error("startSession: nothing inserted");
  return row;
}

export type SessionVerdict =
  | { status: "live"; session: UserSession; user: User }
  | { status: "ended" | "expired" | "disabled" | "unknown" };

/** The session and its user, if the session may still be used now. */
export async function readLiveSession(
  db: DbOrTx,
  sessionId: string,
  now = new Date(),
): Promise<SessionVerdict> {
  const [row] = await db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.id, sessionId))
    .limit(1);
  if (!row) return { status: "unknown" };
  // Disabled first: the person is told why they were signed out, whatever ended the session.
  if (row.user.disabledAt) return { status: "disabled" };
  if (row.session.endedAt) return { status: "ended" };
  if (row.session.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "live", session: row.session, user: row.user };
}

/** Records that the session was used, at most once a minute. */
export async function touchSession(db: DbOrTx, session: UserSession, now = new Date()): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, session.id));
}

/** This session's second factor was confirmed now (a step-up code or passkey, in this session only). */
export async function recordConfirmation(db: DbOrTx, sessionId: string, now = new Date()): Promise<void> {
  await db.update(userSessions).set({ confirmedAt: now }).where(eq(userSessions.id, sessionId));
}

/**
 * This session proved the person's identity afresh now: their password typed again
 * (confirm-identity.ts), or a fresh single sign-on in this session. Only a live session of theirs
 * is marked; answers whether one was.
 */
export async function recordIdentityConfirmation(
  db: DbOrTx,
  who: { userId: string; sessionId: string },
  now = new Date(),
): Promise<boolean> {
  const marked = await db
    .update(userSessions)
    .set({ identityConfirmedAt: now })
    .where(
      and(
        eq(userSessions.id, who.sessionId),
        eq(userSessions.userId, who.userId),
        isNull(userSessions.endedAt),
      ),
    )
    .returning({ id: userSessions.id });
  return marked.length > 0;
}

/** Ends one session of a user (a session id from another user ends nothing). */
export async function endSession(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  reason: EndReason,
  now = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return ended.length > 0;
}

/** Ends every live session of a user, but `except` (the session asking, when it stays). */
export async function endSessionsOf(
  db: DbOrTx,
  userId: string,
  reason: EndReason,
  options: { except?: string; now?: Date } = {},
): Promise<number> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: options.now ?? new Date(), endedReason: reason })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        options.except ? ne(userSessions.id, options.except) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  return ended.length;
}

/**
 * A user's sessions for their list: the live ones, and those that ended or expired in the last
 * week (so a person sees what was signed out, and why), newest first.
 */
export async function listSessions(db: DbOrTx, userId: string, now = new Date()): Promise<UserSession[]> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        or(
          and(isNull(userSessions.endedAt), gt(userSessions.expiresAt, weekAgo)),
          gt(userSessions.endedAt, weekAgo),
        ),
      ),
    )
    .orderBy(desc(userSessions.createdAt))
    .limit(50);
}
