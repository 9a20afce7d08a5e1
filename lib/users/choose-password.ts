import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { hashPassword } from "@/lib/auth/password";
import { ownWordsOf } from "@/lib/auth/own-words";
import { passwordWeakness } from "@/lib/auth/password-policy";
import { RuleError } from "@/lib/auth/rule-error";
import { END_REASONS, endSessionsOf } from "@/lib/auth/sessions";
import { accountLinks, users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { usableLink } from "./account-links";

export const LINK_NO_LONGER_VALID =
  "This link is no longer valid: it was used already, replaced by a newer one, or it expired. Ask an admin for a new one.";

/**
 * A person chooses their password through their one-time link (an invitation or a reset): the
 * link is used up, the password set, any session of theirs ended, and the audit log records it as
 * done by them, from where they were. Checked twice: before the (slow) hashing, and again under
 * the link's lock, so two uses of one link never both succeed.
 */
export async function choosePassword(
  db: Db,
  input: { token: string; password: string },
  origin: { clientAddress: string; userAgent: string | null },
): Promise<{ email: string }> {
  const found = await usableLink(db, input.token);
  if (!found) throw new RuleError(LINK_NO_LONGER_VALID);
  const weakness = await passwordWeakness(input.password, await ownWordsOf(db, found.user));
  if (weakness) throw new RuleError(weakness, { field: "password" });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const usable = await usableLink(tx, input.token, { now, lock: true });
    if (!usable) throw new RuleError(LINK_NO_LONGER_VALID);
    const { link, user } = usable;
    await tx.update(accountLinks).set({ usedAt: now }).where(eq(accountLinks.id, link.id));
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    const sessionsEnded = await endSessionsOf(tx, user.id, END_REASONS.passwordChanged, { now });
    await recordAudit(
      tx,
      { kind: "user", userId: user.id, email: user.email, ...origin },
      {
        action: "user.password_set",
        object: { type: "user", id: user.id },
        after: { link: link.kind, ...(sessionsEnded > 0 ? { sessionsEnded } : {}) },
        note:
          link.kind === "invitation"
            ? "Chose their password through their invitation link."
            : "Chose a new password through a password reset link.",
      },
    );
    return { email: user.email };
  });
}
