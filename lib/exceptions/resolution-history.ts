import "server-only";
import { asc, eq } from "drizzle-orm";
import { invoiceResolutions, users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { ResolutionStoryEntry } from "./resolution-story";

/**
 * Every time the invoice's exception was resolved, reopened ones included (their reopening is an
 * event of the invoice: exception_reopened), oldest first.
 */
export async function resolutionHistory(db: DbOrTx, invoiceId: string): Promise<ResolutionStoryEntry[]> {
  const rows = await db
    .select({
      id: invoiceResolutions.id,
      how: invoiceResolutions.kind,
      note: invoiceResolutions.note,
      at: invoiceResolutions.createdAt,
      by: users.email,
      byPerson: invoiceResolutions.resolvedBy,
    })
    .from(invoiceResolutions)
    .leftJoin(users, eq(users.id, invoiceResolutions.resolvedBy))
    .where(eq(invoiceResolutions.invoiceId, invoiceId))
    .orderBy(asc(invoiceResolutions.createdAt), asc(invoiceResolutions.id));
  return rows.map((row) => ({
    kind: "resolution" as const,
    id: row.id,
    at: row.at.toISOString(),
    how: row.how,
    note: row.note,
    actor: row.by,
    source: "user" as const,
  }));
}
