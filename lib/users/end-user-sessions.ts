import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { END_REASONS, endSession, endSessionsOf } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/types";
import { lockUserOrThrow } from "./manage-users";

/**
 * An admin ends a user's sessions: one (a lost laptop) or all of them (a person leaving, an
 * account that looks taken over). An admin ending their own never ends the session they act from.
 */
export async function endUserSessions(
  db: Db,
  admin: AuditActor & { userId: string; sessionId: string },
  target: { userId: string; sessionId?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const user = await lockUserOrThrow(tx, target.userId);
    const except = user.id === admin.userId ? admin.sessionId : undefined;
    if (target.sessionId && target.sessionId === except) {
      throw new RuleError("This is the session you are using: sign out instead.");
    }
    const ended = target.sessionId
      ? Number(await endSession(tx, user.id, target.sessionId, END_REASONS.endedByAdmin))
      : await endSessionsOf(tx, user.id, END_REASONS.endedByAdmin, { except });
    if (ended === 0) throw new RuleError(`${user.email} has no session to end.`);
    await recordAudit(tx, admin, {
      action: "auth.session_ended",
      object: { type: "user", id: user.id },
      after: target.sessionId ? { session: target.sessionId } : { sessions: ended },
      note: "Ended by an admin.",
    });
    return ended;
  });
}
