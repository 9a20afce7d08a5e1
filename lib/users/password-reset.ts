import "server-only";
import { eq } from "drizzle-orm";
import { END_REASONS, endSessionsOf } from "@/lib/auth/sessions";
import { users } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { issueAccountLink, type NewAccountLink } from "./account-links";
import { factsOf, lockUserOrThrow, type UserFacts } from "./manage-users";

export type PasswordFacts = UserFacts & { password: boolean };

/**
 * Resets a person's password: it stops working at once, every session of theirs ends, their live
 * link is revoked, and a new reset link lets them choose another. Records nothing: the caller (an
 * admin's action, or an approved change) writes the audit entry.
 */
export async function writePasswordReset(
  tx: Tx,
  userId: string,
  createdBy: string | null,
): Promise<{ before: PasswordFacts; after: PasswordFacts; link: NewAccountLink; sessionsEnded: number }> {
  const user = await lockUserOrThrow(tx, userId);
  await tx.update(users).set({ passwordHash: null, updatedAt: new Date() }).where(eq(users.id, userId));
  const sessionsEnded = await endSessionsOf(tx, userId, END_REASONS.passwordReset);
  const link = await issueAccountLink(tx, { userId, kind: "password_reset", createdBy });
  return {
    before: { ...factsOf(user), password: user.passwordHash !== null },
    after: { ...factsOf(user), password: false },
    link,
    sessionsEnded,
  };
}
