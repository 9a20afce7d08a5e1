import "server-only";
import { randomUUID } from "node:crypto";
import { ledgerEntries } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { Evidence } from "./evidence";
import type { Transfer } from "./plan-transfers";

export interface EntryContext {
  currency: string;
  network: string;
  invoiceId?: string | null;
  withdrawalId?: string | null;
  txid?: string | null;
  evidence: Evidence;
  movedAt: Date;
}

/** Appends the transfers of one movement, sharing its id. Nothing to write writes nothing. */
export async function writeEntries(
  db: DbOrTx,
  transfers: readonly (Transfer & { txid?: string | null; movedAt?: Date })[],
  context: EntryContext,
): Promise<void> {
  if (transfers.length === 0) return;
  const movementId = randomUUID();
  await db.insert(ledgerEntries).values(
    transfers.map((transfer) => ({
      movementId,
      kind: transfer.kind,
      currency: context.currency,
      network: context.network,
      amount: transfer.amount.toFixed(),
      fromAccount: transfer.from,
      toAccount: transfer.to,
      invoiceId: context.invoiceId ?? null,
      withdrawalId: context.withdrawalId ?? null,
      txid: transfer.txid ?? context.txid ?? null,
      evidence: context.evidence.kind,
      actorId: context.evidence.actorId ?? null,
      movedAt: transfer.movedAt ?? context.movedAt,
    })),
  );
}
