import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { requestActor } from "@/lib/audit/request-actor";
import type { DbOrTx } from "@/lib/db/types";
import type { LineFilter } from "./lines";
import type { StatementRange } from "./range-in-zone";

/** A download of the statement is recorded like every export (the data left Paydesk), before it streams. */
export async function recordStatementDownload(
  db: DbOrTx,
  user: { id: string; email: string },
  what: "statement-summary" | "statement-lines" | "statement",
  format: "csv" | "xlsx",
  range: StatementRange,
  filter: LineFilter = {},
): Promise<void> {
  const shown = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  await recordAudit(db, await requestActor(user), {
    action: "csv.exported",
    object: { type: "export", id: what },
    after: { format, period: range.period, timeZone: range.timeZone, filter: shown },
  });
}
