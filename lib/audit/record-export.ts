import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { recordAudit } from "./record";
import { requestActor } from "./request-actor";

/**
 * A CSV export is a staff action worth knowing about (the data left Paydesk): one entry naming
 * what was exported and with which filter, written before the file streams.
 */
export async function recordCsvExport(
  db: DbOrTx,
  user: { id: string; email: string },
  list: "invoices" | "withdrawals" | "audit",
  filter: Record<string, unknown>,
): Promise<void> {
  const shown = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  await recordAudit(db, await requestActor(user), {
    action: "csv.exported",
    object: { type: "export", id: list },
    after: { filter: shown },
  });
}
