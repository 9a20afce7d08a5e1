import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { unmatchedReports } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { settleTasks } from "@/lib/notifications/tasks";

/**
 * A person in finance has looked into a report about an order Paydesk never made, and says what
 * they found: it leaves the worklist, with the note, and the audit log says who and why. A report
 * of the same order after this starts a new row.
 */
export async function reviewUnmatchedReport(
  db: Db,
  actor: AuditActor & { userId: string },
  input: { reportId: string; note: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [reviewed] = await tx
      .update(unmatchedReports)
      .set({ reviewedAt: new Date(), reviewedBy: actor.userId, reviewNote: input.note })
      .where(and(eq(unmatchedReports.id, input.reportId), isNull(unmatchedReports.reviewedAt)))
      .returning();
    if (!reviewed) throw new RuleError("Someone has looked into this report already, or it does not exist.");
    await settleTasks(tx, { type: "report", id: reviewed.id }, { how: "Looked into", by: actor.userId });
    await recordAudit(tx, actor, {
      action: "webhook.unmatched_reviewed",
      object: { type: "webhook", id: reviewed.firstWebhookEventId ?? reviewed.id },
      before: {
        orderId: reviewed.orderId,
        resource: reviewed.resource,
        status: reviewed.status,
        amount: reviewed.amount,
        currency: reviewed.currency,
      },
      note: input.note,
    });
  });
}
