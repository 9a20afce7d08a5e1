import "server-only";
import { auditLog } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { AuditAction, AuditObjectType } from "./actions";

/** Who acted: a signed-in person (with where they acted from), the loop, a webhook, or the CLI. */
export interface AuditActor {
  kind: "user" | "system" | "webhook" | "cli";
  userId?: string | null;
  email?: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  object?: { type: AuditObjectType; id: string };
  /** The object's relevant fields before and after the change, where there is a change. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** A reason or note in the person's words. */
  note?: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { kind: "system" };
export const WEBHOOK_ACTOR: AuditActor = { kind: "webhook" };

/**
 * Writes one entry. Pass the transaction that makes the change, so the entry and the change are
 * committed together or not at all.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    actorId: actor.userId ?? null,
    actorEmail: actor.email ?? null,
    clientAddress: actor.clientAddress ?? null,
    userAgent: actor.userAgent ?? null,
    action: entry.action,
    objectType: entry.object?.type ?? null,
    objectId: entry.object?.id ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}
