import "server-only";
import { getTableColumns } from "drizzle-orm";
import { auditLog, type AuditLogEntry } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { cursorKeySql, keysetPage, type KeysetPage } from "@/lib/db/keyset";
import { AUDIT_PAGE_SIZE, type AuditListParams } from "./list-filter";
import { auditWhere } from "./list-query";

export type AuditRow = Omit<AuditLogEntry, "createdAt"> & { createdAt: string; cursorKey: string };

/** One page of entries, newest first, by keyset on (created_at, id). */
export function listAuditEntries(
  db: DbOrTx,
  params: AuditListParams,
  limit = AUDIT_PAGE_SIZE,
): Promise<KeysetPage<AuditRow>> {
  const columns = { createdAt: auditLog.createdAt, id: auditLog.id };
  return keysetPage(
    { limit, cursor: params.cursor, dir: params.dir },
    columns,
    async (keyset, order, max) => {
      const rows = await db
        .select({ ...getTableColumns(auditLog), cursorKey: cursorKeySql(auditLog.createdAt) })
        .from(auditLog)
        .where(auditWhere(params, keyset))
        .orderBy(...order)
        .limit(max);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
}
