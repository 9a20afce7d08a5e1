import "server-only";
import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { outbox, users, type OutboxState } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { isCustomerMailKind, type CustomerMailKind } from "./kinds";

/** One email about an invoice, as its page lists it: who asked, when, to whom, and where it stands. */
export interface InvoiceMailRow {
  id: string;
  kind: CustomerMailKind;
  to: string;
  state: OutboxState;
  /** ISO 8601. */
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  /** Why the last try failed, or why it was not sent. */
  problem: string | null;
  requestedBy: string | null;
}

export async function listInvoiceMail(db: DbOrTx, invoiceId: string): Promise<InvoiceMailRow[]> {
  const requester = alias(users, "requester");
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      to: outbox.toAddress,
      state: outbox.state,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      cancelReason: outbox.cancelReason,
      requestedBy: requester.name,
    })
    .from(outbox)
    .leftJoin(requester, eq(requester.id, outbox.requestedBy))
    .where(eq(outbox.invoiceId, invoiceId))
    .orderBy(desc(outbox.createdAt))
    .limit(50);
  return rows.flatMap((row) =>
    isCustomerMailKind(row.kind)
      ? [
          {
            id: row.id,
            kind: row.kind,
            to: row.to,
            state: row.state,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
            attempts: row.attempts,
            problem: row.cancelReason ?? (row.state === "sent" ? null : row.lastError),
            requestedBy: row.requestedBy,
          },
        ]
      : [],
  );
}
