import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { RuleError } from "@/lib/auth/rule-error";
import { outbox, type OutboxState } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { GIVE_UP_AFTER_MS } from "./enqueue";

export interface OutgoingMailRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  /** ISO 8601. */
  createdAt: string;
  sentAt: string | null;
  problem: string | null;
  /** Whether Send again can hand it over (failed, and its bodies are still kept). */
  canSendAgain: boolean;
}

/** The latest outgoing mail, newest first, for Admin → Outgoing mail. */
export async function listOutgoingMail(db: DbOrTx, limit = 200): Promise<OutgoingMailRow[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    problem: row.cancelReason ?? (row.state === "sent" ? null : row.lastError),
    canSendAgain: row.state === "failed" && row.bodiesClearedAt === null,
  }));
}

/**
 * A failed message goes back to the queue, due now, with a fresh day before it is given up again;
 * its earlier tries stay on record. Answers what the audit entry names.
 */
export async function sendMailAgain(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<{ to: string; subject: string }> {
  const [row] = await db
    .update(outbox)
    .set({
      state: "queued",
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS),
      leaseUntil: null,
    })
    .where(and(eq(outbox.id, id), eq(outbox.state, "failed"), isNotNull(outbox.textBody)))
    .returning({ to: outbox.toAddress, subject: outbox.subject });
  if (!row) throw new RuleError("Only a failed email whose text is still kept (30 days) can be sent again.");
  return row;
}
