"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { defineAction } from "./define-action";
import { RuleError } from "./rule-error";
import { END_REASONS, endSession, endSessionsOf } from "./sessions";

/** One of one's own sessions (another device, a forgotten browser) ends now. */
export const endMySessionAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: z.object({ sessionId: z.uuid() }),
  handler: async ({ sessionId: target }, { db, user, sessionId, actor }) => {
    if (target === sessionId) throw new RuleError("This is the session you are using: sign out instead.");
    const ended = await db.transaction(async (tx) => {
      if (!(await endSession(tx, user.id, target, END_REASONS.endedByOwner))) return false;
      await recordAudit(tx, actor, {
        action: "auth.session_ended",
        object: { type: "user", id: user.id },
        after: { session: target },
        note: "Ended by its owner from another session.",
      });
      return true;
    });
    if (!ended) throw new RuleError("That session has ended already.");
    revalidatePath("/account/sessions");
    return { message: "Signed out of that session." };
  },
});

/** Every session of one's own but this one ends now. */
export const endMyOtherSessionsAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: z.object({}),
  handler: async (_, { db, user, sessionId, actor }) => {
    const count = await db.transaction(async (tx) => {
      const ended = await endSessionsOf(tx, user.id, END_REASONS.endedByOwner, { except: sessionId });
      if (ended > 0) {
        await recordAudit(tx, actor, {
          action: "auth.session_ended",
          object: { type: "user", id: user.id },
          after: { sessions: ended, kept: sessionId },
          note: "Every other session ended by their owner.",
        });
      }
      return ended;
    });
    if (count === 0) throw new RuleError("You are signed in nowhere else.");
    revalidatePath("/account/sessions");
    return {
      message: count === 1 ? "Signed out of 1 other session." : `Signed out of ${count} other sessions.`,
    };
  },
});
