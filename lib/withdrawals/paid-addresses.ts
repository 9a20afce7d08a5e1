import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/** States in which money has (or may have) left for an address. */
const PAID_OUT_STATES = ["submitting", "submitted", "unknown", "paid"] as const;

/** Which of these addresses Paydesk has paid out to before, leaving out the given withdrawals. */
export async function addressesPaidBefore(
  db: DbOrTx,
  addresses: string[],
  exceptIds: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ address: withdrawals.address })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.address, addresses),
        inArray(withdrawals.state, [...PAID_OUT_STATES]),
        exceptIds.length ? sql`${withdrawals.id} not in ${exceptIds}` : undefined,
      ),
    );
  return new Set(rows.map((row) => row.address));
}
