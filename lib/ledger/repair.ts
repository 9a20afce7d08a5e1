import "server-only";
import { eq } from "drizzle-orm";
import { invoices, withdrawals } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { findLedgerDifferences } from "./check";
import { keepRefundedFigure, syncPayoutBooks } from "./sync-payout";
import { syncInvoiceReceipts } from "./sync-receipts";

/**
 * Appends what the books lack for every invoice and payout ledger:check finds a difference on,
 * each in its own transaction under the row's lock, marked as a repair. Nothing is changed or
 * removed: the books only ever gain entries.
 */
export async function repairLedger(db: Db): Promise<{ invoices: number; payouts: number }> {
  const differences = await findLedgerDifferences(db);
  const ids = (subject: string) => new Set(differences.filter((d) => d.subject === subject).map((d) => d.id));
  const invoiceIds = ids("invoice");
  const payoutIds = ids("payout");
  for (const id of payoutIds) {
    await db.transaction(async (tx) => {
      const [payout] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
      if (payout) await syncPayoutBooks(tx, payout, { kind: "repair" });
    });
  }
  for (const id of invoiceIds) {
    await db.transaction(async (tx) => {
      await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id)).for("update");
      await syncInvoiceReceipts(tx, id, { kind: "repair" });
      await keepRefundedFigure(tx, id);
    });
  }
  return { invoices: invoiceIds.size, payouts: payoutIds.size };
}
