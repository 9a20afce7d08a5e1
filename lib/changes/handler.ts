import type { AuditObjectType } from "@/lib/audit/actions";
import type { AccountLinkKind, PendingChange } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";

export type Facts = Record<string, unknown>;

/**
 * A one-time link a change made (a password reset): given to the admin who approved it, once, to
 * pass on. Never recorded anywhere.
 */
export interface OneTimeLink {
  kind: AccountLinkKind;
  token: string;
  expiresAt: Date;
  /** Also emailed to its person (mail is set up). */
  emailed: boolean;
}

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
  /**
   * Why approving must wait although the change still applies, in words for both admins (a role
   * grant while the account's sign-in changed around its proposal); null, or no method, when it
   * may be approved. Read inside the approval's transaction, after readBasis.
   */
  approvalHold?(tx: Tx, change: PendingChange): Promise<string | null>;
  /**
   * Makes the change, as `decidedBy` (null: break-glass from the command line); answers the
   * subject's facts before and after, for the audit log, and any one-time link it made.
   */
  apply(
    tx: Tx,
    change: PendingChange,
    decidedBy: string | null,
  ): Promise<{ before: Facts; after: Facts; oneTimeLink?: OneTimeLink }>;
}

export type ChangeHandlers = Record<PendingChange["kind"], ChangeHandler>;
