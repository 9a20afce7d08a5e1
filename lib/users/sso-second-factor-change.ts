import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { ssoCountsAsSecondFactor } from "@/lib/auth/sso/second-factor-setting";
import { lockActiveAdminIds } from "@/lib/changes/admins";
import type { ChangeHandler } from "@/lib/changes/handler";
import { PAYLOADS } from "@/lib/changes/payloads";
import { proposeChange, settingSubject } from "@/lib/changes/store";
import { settings, SSO_SECOND_FACTOR_KEY, type PendingChange } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";

async function lockSetting(tx: Tx): Promise<boolean> {
  await tx.select().from(settings).where(eq(settings.key, SSO_SECOND_FACTOR_KEY)).for("update");
  return ssoCountsAsSecondFactor(tx);
}

async function writeSetting(tx: Tx, counts: boolean, userId: string) {
  await tx
    .insert(settings)
    .values({ key: SSO_SECOND_FACTOR_KEY, value: { counts }, updatedBy: userId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: { counts }, updatedBy: userId, updatedAt: new Date() },
    });
}

const OBJECT = { type: "settings" as const, id: SSO_SECOND_FACTOR_KEY };

/**
 * An admin changes it. Turning it off applies at once: it can only ask for more. Turning it on
 * lets a sign-in at the provider stand in for Paydesk's own second factor, so it waits for a
 * second admin (lib/changes). One audit entry either way.
 */
export async function changeSsoSecondFactor(
  db: Db,
  actor: AuditActor & { userId: string },
  counts: boolean,
): Promise<{ pending: PendingChange | null }> {
  return db.transaction(async (tx) => {
    await lockActiveAdminIds(tx);
    const current = await lockSetting(tx);
    if (current === counts) {
      throw new RuleError(
        counts
          ? "Nothing to change: single sign-on counts as a second factor already."
          : "Nothing to change: single sign-on does not count as a second factor.",
      );
    }
    if (counts) {
      const pending = await proposeChange(tx, {
        kind: "sso_second_factor",
        subject: settingSubject(SSO_SECOND_FACTOR_KEY),
        targetUserId: null,
        payload: { counts },
        basis: { counts: current },
        proposedBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: "change.proposed",
        object: OBJECT,
        before: { counts: current },
        after: { counts, change: pending.id },
        note: "Count single sign-on as a second factor: waits for a second admin's approval.",
      });
      return { pending };
    }
    await writeSetting(tx, counts, actor.userId);
    await recordAudit(tx, actor, {
      action: "settings.changed",
      object: OBJECT,
      before: { counts: current },
      after: { counts },
      note: "Single sign-on no longer counts as a second factor.",
    });
    return { pending: null };
  });
}

export const ssoSecondFactorChangeHandler: ChangeHandler = {
  object: () => OBJECT,
  readBasis: async (tx) => ({ counts: await lockSetting(tx) }),
  staleReason(change, now) {
    const then = PAYLOADS.sso_second_factor.parse(change.basis).counts;
    return then === PAYLOADS.sso_second_factor.parse(now).counts
      ? null
      : "the setting was changed since it was proposed.";
  },
  async apply(tx, change) {
    const before = await lockSetting(tx);
    const { counts } = PAYLOADS.sso_second_factor.parse(change.payload);
    await writeSetting(tx, counts, change.proposedBy);
    return { before: { counts: before }, after: { counts } };
  },
};
