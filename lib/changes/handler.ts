import type { AuditObjectType } from "@/lib/audit/actions";
import type { PendingChange } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";

export type Facts = Record<string, unknown>;

/**
 * How one kind of change reads its subject, says whether it still applies, and applies it. The
 * feature that owns the subject provides it (lib/users, lib/withdrawals); lib/changes/review puts
 * them together.
 */
export interface ChangeHandler {
  /** The audit log object the change is about, so its entries show in that object's trail. */
  object(change: PendingChange): { type: AuditObjectType; id: string };
  /** The subject now, locked for the rest of the transaction; null when it no longer exists. */
  readBasis(tx: Tx, change: PendingChange): Promise<Facts | null>;
  /** Why the change no longer applies, in words the admin acts on, or null when it still does. */
  staleReason(change: PendingChange, now: Facts | null): string | null;
  /** Makes the change; answers the subject's facts before and after, for the audit log. */
  apply(tx: Tx, change: PendingChange): Promise<{ before: Facts; after: Facts }>;
}

export type ChangeHandlers = Record<PendingChange["kind"], ChangeHandler>;
