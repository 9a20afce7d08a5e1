import type { ChangeKind } from "@/lib/db/schema/enums";

/**
 * One audit entry as the audit page reads it: the entry as written, and what its actor and object
 * are now, looked up with it (lib/audit/list-entries.ts). A lookup is null when there is nothing to
 * find: the object is of another kind, or it no longer exists (the log outlives what it names).
 */
export interface AuditEntryView {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  actorKind: "user" | "system" | "webhook" | "cli";
  actorId: string | null;
  /** The actor's email when the entry was written (for a failed sign-in: the email tried). */
  actorEmail: string | null;
  /** The actor's name now. */
  actorName: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  action: string;
  objectType: string | null;
  objectId: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
  /** The person an entry about a user is about. */
  objectUser: { name: string; email: string } | null;
  invoice: { orderId: string; amount: string; fiatCurrency: string; currency: string | null } | null;
  withdrawal: {
    orderId: string;
    amount: string | null;
    currency: string;
    fiatAmount: string | null;
    fiatCurrency: string | null;
    address: string;
    refundOfInvoiceId: string | null;
  } | null;
  /** The invoice a refund repays, or the one a duplicated invoice copies. */
  relatedInvoice: { id: string; orderId: string } | null;
  /** The pending change an entry proposes or decides. */
  change: { kind: ChangeKind; payload: unknown } | null;
}
