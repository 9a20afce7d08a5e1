import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { approveChange, type ApprovedChange } from "@/lib/changes/decide";
import { pendingChanges, users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { CHANGE_HANDLERS } from "./handlers";

/** Break-glass is the command line, audited as such; nobody signs in as it. */
export const CLI_ACTOR: AuditActor = { kind: "cli" };

/**
 * Applies a pending change without a second admin, for an install with a single admin. Refused
 * while another active admin (not the proposer, not the person the change is for) could approve
 * it in Paydesk: break-glass is for when there is nobody to ask. Every other rule of an approval
 * holds (the proposer still an active admin, the subject unchanged), and the audit entry says
 * "break-glass", with the command line as the actor.
 */
export async function applyAsBreakGlass(db: Db, id: string): Promise<ApprovedChange> {
  const [change] = await db.select().from(pendingChanges).where(eq(pendingChanges.id, id));
  if (!change) throw new RuleError(`No change has the id ${id}. Run the command without --id to list them.`);
  const others = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)));
  const couldApprove = others.filter(
    (admin) => admin.id !== change.proposedBy && admin.id !== change.targetUserId,
  );
  if (couldApprove.length > 0) {
    throw new RuleError(
      `Another active admin can approve this change in Paydesk (${couldApprove.map((admin) => admin.email).join(", ")}): ask them under Pending changes. Break-glass is only for an install with no second admin.`,
    );
  }
  return approveChange(db, CHANGE_HANDLERS, id, { breakGlass: true, actor: CLI_ACTOR });
}
