import "server-only";
import { getTableColumns } from "drizzle-orm";
import {
  type CsvColumns,
  csvFileName,
  csvStream,
  neutraliseFormula,
  readKeysetBatches,
} from "@/lib/csv/stream-csv";
import { auditLog, type AuditLogEntry } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { cursorKeySql, keysetCondition, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import type { AuditFilter } from "./list-filter";
import { auditWhere } from "./list-query";

/** The filtered audit log as CSV, newest first, streamed in keyset batches. */
export const AUDIT_CSV_BATCH_SIZE = 1000;

type ExportRow = AuditLogEntry & { cursorKey: string };
const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

const csvColumns = {
  at: (row) => row.cursorKey,
  actor_kind: (row) => row.actorKind,
  actor_email: (row) => neutraliseFormula(row.actorEmail),
  client_address: (row) => neutraliseFormula(row.clientAddress),
  user_agent: (row) => neutraliseFormula(row.userAgent),
  action: (row) => neutraliseFormula(row.action),
  object_type: (row) => neutraliseFormula(row.objectType),
  object_id: (row) => neutraliseFormula(row.objectId),
  before: (row) => neutraliseFormula(json(row.before)),
  after: (row) => neutraliseFormula(json(row.after)),
  note: (row) => neutraliseFormula(row.note),
  id: (row) => row.id,
} satisfies CsvColumns<ExportRow>;

export const AUDIT_CSV_COLUMNS = Object.keys(csvColumns);

export function auditCsvStream(
  db: DbOrTx,
  filter: AuditFilter,
  batchSize = AUDIT_CSV_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  const columns = { createdAt: auditLog.createdAt, id: auditLog.id };
  const batches = readKeysetBatches<ExportRow, KeysetCursor>({
    fetchBatch: (cursor, limit) =>
      db
        .select({ ...getTableColumns(auditLog), cursorKey: cursorKeySql(auditLog.createdAt) })
        .from(auditLog)
        .where(auditWhere(filter, cursor && keysetCondition(columns, cursor, "older")))
        .orderBy(...keysetOrder(columns).newestFirst)
        .limit(limit),
    cursorAfter: (last) => ({ createdAt: last.cursorKey, id: last.id }),
    batchSize,
  });
  return csvStream(batches, csvColumns);
}

export function auditExportFileName(now: Date): string {
  return csvFileName("audit-log", now);
}
