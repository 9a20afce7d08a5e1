import "server-only";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/record";
import type { Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { sendClaimed, type SendOutcome } from "./create-invoice";

/**
 * The loop's attempt at an unconfirmed creation it claimed (claim-due-send.ts): the exact stored
 * request with the same order id, so a creation the service already made answers with that
 * invoice. Its confirmation is audited as the system's.
 */
export function resendClaimed(db: Db, client: ServiceClient, claimed: Invoice): Promise<SendOutcome> {
  return sendClaimed(db, client, claimed, { source: "loop" }, (tx, invoice) =>
    recordAudit(tx, SYSTEM_ACTOR, {
      action: "invoice.sent_again",
      object: { type: "invoice", id: invoice.id },
      after: { orderId: invoice.orderId, attempt: claimed.sendAttempts },
    }),
  );
}
