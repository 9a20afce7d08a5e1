import "server-only";
import Decimal from "decimal.js";
import { and, eq, isNull } from "drizzle-orm";
import { invoiceResolutions } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { resolveIfRefundsSettle } from "./follow-refunds";
import { loadRefundLedger } from "./refund-ledger";
import { RESOLUTION_LABELS } from "./resolution-labels";
import { reopenResolution } from "./reopen-resolution";

interface Received {
  paidCryptoAmount: string | null;
  currency: string | null;
}

/**
 * New money on an invoice whose exception was resolved reopens it (reopenResolution): the
 * invoice is back on the worklist when it is still an exception, with what is at stake now
 * (a customer who was accepted as paid and then sent more has overpaid), unless it was
 * resolved by refunds that still cover what the exception puts at stake; an exception that was
 * not resolved is resolved as refunded when refunds paid out now cover it. Pass the transaction
 * that stored the new figures and booked the new money.
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
  if (!resolution) {
    await resolveIfRefundsSettle(tx, invoiceId, source);
    return false;
  }
  // Refunds paid out may still cover what is at stake now (what arrived is finer than the coin
  // carries, or refunds gave back more than the excess): a resolution as refunded holds.
  if (resolution.kind === "refunded" && (await refundsStillSettle(tx, invoiceId))) return false;
  const how = RESOLUTION_LABELS[resolution.kind];
  const reason = `${more.toFixed()} ${after.currency ?? ""} more arrived after it was resolved (${how.toLowerCase()}).`;
  await reopenResolution(tx, resolution, {
    reason,
    detail: { arrived: more.toFixed(), currency: after.currency },
    source,
    audit: { before: { received: before.paidCryptoAmount }, after: { received: after.paidCryptoAmount } },
  });
  // A person's resolution gives way to the money; refunds paid out may cover what is at stake now.
  await resolveIfRefundsSettle(tx, invoiceId, source);
  return true;
}

async function refundsStillSettle(tx: Tx, invoiceId: string): Promise<boolean> {
  const ledger = await loadRefundLedger(tx, invoiceId);
  if (!ledger?.exception || ledger.leftToSettle === null) return false;
  return !new Decimal(ledger.leftToSettle).gt(0);
}
