"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { queueSecurityMail } from "./security-mail";
import { defineAction } from "@/lib/auth/define-action";
import { currentRelyingParty } from "@/lib/auth/passkeys/current-relying-party";
import { PASSKEY_REFUSALS } from "@/lib/auth/passkeys/messages";
import { registerPasskey } from "@/lib/auth/passkeys/registration";
import { relyingPartyProblem } from "@/lib/auth/passkeys/relying-party";
import { addPasskeySchema, removePasskeySchema } from "@/lib/auth/passkeys/schemas";
import { deletePasskey } from "@/lib/auth/passkeys/store";
import { RuleError } from "@/lib/auth/rule-error";
import { requireFreshIdentity } from "@/lib/auth/fresh-identity";
import { dropRecoveryCodesIfUnenrolled, isEnrolled, replaceRecoveryCodes } from "@/lib/auth/two-factor/store";

/**
 * Keeps the passkey the browser just created, answering the registration prompt this session asked
 * for (POST /api/passkeys/registration-options, which asked for the password and, when the user had
 * one, a second factor first). Both must still be less than 5 minutes old (fresh-identity.ts). A
 * first second factor comes with 10 recovery codes, shown once, for the day the passkey is lost.
 * Open to admin and finance who must still enroll: a passkey is enrollment. The person is emailed.
 */
export const addPasskeyAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: addPasskeySchema,
  handler: async ({ name, response }, { db, user, sessionId, actor }) => {
    const rp = await currentRelyingParty();
    const problem = relyingPartyProblem(rp);
    if (problem || !rp) throw new RuleError(problem ?? PASSKEY_REFUSALS.invalid);
    const recoveryCodes = await db.transaction(async (tx) => {
      await requireFreshIdentity(tx, { userId: user.id, sessionId, actor }, undefined, { relyingParty: rp });
      const firstFactor = !(await isEnrolled(tx, user.id));
      const added = await registerPasskey(tx, rp, { userId: user.id, sessionId }, { name, response });
      if (!added.ok) throw new RuleError(PASSKEY_REFUSALS[added.reason]);
      await recordAudit(tx, actor, {
        action: "passkey.added",
        object: { type: "user", id: user.id },
        after: {
          passkey: { id: added.passkey.id, name: added.passkey.name, backedUp: added.passkey.backedUp },
          twoFactor: true,
          session: sessionId,
        },
        note: firstFactor ? "The first second factor of the account: new recovery codes were shown." : null,
      });
      await queueSecurityMail(
        tx,
        user,
        { kind: "passkey_added", passkeyName: added.passkey.name },
        new Date(),
        actor,
      );
      return firstFactor ? replaceRecoveryCodes(tx, user.id) : null;
    });
    // With recovery codes to show, no revalidation: a re-render would unmount them before they are
    // saved (the page's Continue button refreshes).
    if (!recoveryCodes) revalidatePath("/account/passkeys");
    return { recoveryCodes, message: `Passkey “${name}” added.` };
  },
});

/**
 * Removes one of one's passkeys, after the password and a second factor (a code, or a passkey, this
 * one included) within the last 5 minutes (fresh-identity.ts). The last second factor gone, the
 * recovery codes go too. The person is emailed.
 */
export const removePasskeyAction = defineAction({
  permission: "account:manage",
  schema: removePasskeySchema,
  handler: async ({ id, code, passkey }, { db, user, sessionId, actor }) => {
    // On its own: a code or passkey given here stays this session's confirmation whatever follows.
    await db.transaction((tx) =>
      requireFreshIdentity(tx, { userId: user.id, sessionId, actor }, { code, passkey }),
    );
    const removed = await db.transaction(async (tx) => {
      const row = await deletePasskey(tx, user.id, id);
      if (!row) throw new RuleError("This passkey was removed already. Reload the page.");
      await dropRecoveryCodesIfUnenrolled(tx, user.id);
      const stillEnrolled = await isEnrolled(tx, user.id);
      await recordAudit(tx, actor, {
        action: "passkey.removed",
        object: { type: "user", id: user.id },
        before: { passkey: { id: row.id, name: row.name } },
        after: { twoFactor: stillEnrolled, session: sessionId },
      });
      await queueSecurityMail(
        tx,
        user,
        { kind: "passkey_removed", passkeyName: row.name },
        new Date(),
        actor,
      );
      return { row, stillEnrolled };
    });
    revalidatePath("/", "layout");
    return {
      message: removed.stillEnrolled
        ? `Passkey “${removed.row.name}” removed.`
        : `Passkey “${removed.row.name}” removed. Your account has no second factor now, and your recovery codes no longer work.`,
    };
  },
});
