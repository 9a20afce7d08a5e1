import "server-only";
import Decimal from "decimal.js";
import { and, eq, isNull } from "drizzle-orm";
import { invoiceResolutions } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { RESOLUTION_LABELS } from "./resolution-labels";
import { reopenResolution } from "./reopen-resolution";

interface Received {
  paidCryptoAmount: string | null;
  currency: string | null;
}

/**
 * New money on an invoice whose exception was resolved reopens it (reopenResolution): the
 * invoice is back on the worklist when it is still an exception, with what is at stake now
 * (a customer who was accepted as paid and then sent more has overpaid). Pass the transaction
 * that stored the new figures.
 */
export async function reopenOnNewMoney(
  tx: Tx,
  invoiceId: string,
  before: Received,
  after: Received,
  source: "user" | "webhook" | "loop" | "view",
): Promise<boolean> {
  const more = new Decimal(after.paidCryptoAmount ?? 0).minus(before.paidCryptoAmount ?? 0);
  if (!more.gt(0)) return false;
  const [resolution] = await tx
    .select()
    .from(invoiceResolutions)
    .where(and(eq(invoiceResolutions.invoiceId, invoiceId), isNull(invoiceResolutions.reopenedAt)))
    .for("update");
  if (!resolution) return false;
  const how = RESOLUTION_LABELS[resolution.kind];
  const reason = `${more.toFixed()} ${after.currency ?? ""} more arrived after it was resolved (${how.toLowerCase()}).`;
  await reopenResolution(tx, resolution, {
    reason,
    detail: { arrived: more.toFixed(), currency: after.currency },
    source,
    audit: { before: { received: before.paidCryptoAmount }, after: { received: after.paidCryptoAmount } },
  });
  return true;
}
