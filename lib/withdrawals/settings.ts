import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { lockActiveAdminIds } from "@/lib/changes/admins";
import type { ChangeHandler } from "@/lib/changes/handler";
import { PAYLOADS } from "@/lib/changes/payloads";
import { proposeChange, settingSubject } from "@/lib/changes/store";
import { settings, type PendingChange } from "@/lib/db/schema";
import type { Db, DbOrTx, Tx } from "@/lib/db/types";
import type { ApprovalThreshold } from "./approval-policy";
import { applyThresholdToWaiting } from "./approval-requirement";
import { getApprovalThreshold, THRESHOLD_KEY } from "./threshold-setting";

export { getApprovalThreshold, THRESHOLD_KEY };

/**
 * The bare write, with the requests waiting for approval brought in line with it: seeds and tests
 * use it; admins go through changeApprovalThreshold.
 */
export async function setApprovalThreshold(db: DbOrTx, threshold: ApprovalThreshold | null, userId: string) {
  await db.transaction(async (tx) => {
    if (threshold) {
      await tx
        .insert(settings)
        .values({ key: THRESHOLD_KEY, value: threshold, updatedBy: userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: threshold, updatedBy: userId, updatedAt: new Date() },
        });
    } else {
      await tx.delete(settings).where(eq(settings.key, THRESHOLD_KEY));
    }
    await applyThresholdToWaiting(tx, threshold);
  });
}

const describeThreshold = (threshold: ApprovalThreshold | null) =>
  threshold
    ? `two approvers above ${threshold.amount} ${threshold.fiatCurrency}`
    : "one approver for every withdrawal";

const sameThreshold = (a: ApprovalThreshold | null, b: ApprovalThreshold | null) =>
  a?.amount === b?.amount && a?.fiatCurrency === b?.fiatCurrency;

/**
 * An admin sets the threshold. Turning it on where there was none applies at once: it can only
 * ask for more approvers. Changing or removing one loosens (or may loosen) who must agree to a
 * payout, so it waits for a second admin (lib/changes). One audit entry either way.
 */
export async function changeApprovalThreshold(
  db: Db,
  actor: AuditActor & { userId: string },
  threshold: ApprovalThreshold | null,
): Promise<{ pending: PendingChange | null }> {
  return db.transaction(async (tx) => {
    await lockActiveAdminIds(tx);
    const current = await lockThreshold(tx);
    if (sameThreshold(current, threshold)) {
      throw new RuleError(`Nothing to change: the rule is ${describeThreshold(current)} already.`);
    }
    const object = { type: "settings" as const, id: THRESHOLD_KEY };
    if (current) {
      const pending = await proposeChange(tx, {
        kind: "approval_threshold",
        subject: settingSubject(THRESHOLD_KEY),
        targetUserId: null,
        payload: { threshold },
        basis: { threshold: current },
        proposedBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: "change.proposed",
        object,
        before: { threshold: current },
        after: { threshold, change: pending.id },
        note: `Change the approval rule to ${describeThreshold(threshold)}: waits for a second admin's approval.`,
      });
      return { pending };
    }
    await setApprovalThreshold(tx, threshold, actor.userId);
    await recordAudit(tx, actor, {
      action: "settings.changed",
      object,
      before: { threshold: current },
      after: { threshold },
    });
    return { pending: null };
  });
}

async function lockThreshold(tx: Tx): Promise<ApprovalThreshold | null> {
  await tx.select().from(settings).where(eq(settings.key, THRESHOLD_KEY)).for("update");
  return getApprovalThreshold(tx);
}

export const thresholdChangeHandler: ChangeHandler = {
  object: () => ({ type: "settings", id: THRESHOLD_KEY }),
  readBasis: async (tx) => ({ threshold: await lockThreshold(tx) }),
  staleReason(change, now) {
    const then = PAYLOADS.approval_threshold.parse(change.basis).threshold;
    const current = PAYLOADS.approval_threshold.parse(now).threshold;
    return sameThreshold(then, current)
      ? null
      : `the rule was changed since it was proposed (it is now ${describeThreshold(current)}).`;
  },
  async apply(tx, change) {
    const before = await lockThreshold(tx);
    const { threshold } = PAYLOADS.approval_threshold.parse(change.payload);
    await setApprovalThreshold(tx, threshold, change.proposedBy);
    return { before: { threshold: before }, after: { threshold } };
  },
};
