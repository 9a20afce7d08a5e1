"use server";

import { recordAudit } from "@/lib/audit/record";
import { queueSecurityMail } from "./security-mail";
import { defineAction } from "@/lib/auth/define-action";
import { requireFreshIdentity } from "@/lib/auth/fresh-identity";
import { secondFactorProofSchema } from "@/lib/auth/passkeys/schemas";
import { RuleError } from "@/lib/auth/rule-error";
import { isEnrolled, replaceRecoveryCodes } from "@/lib/auth/two-factor/store";

/**
 * Ten new recovery codes, shown once, in place of the earlier ones (used up, or seen by someone
 * else): only for the person, proved by their password and their second factor within the last 5
 * minutes (fresh-identity.ts), since a recovery code signs in instead of that factor. Emailed.
 */
export const makeNewRecoveryCodesAction = defineAction({
  permission: "account:manage",
  schema: secondFactorProofSchema,
  handler: async ({ code, passkey }, { db, user, sessionId, actor }) => {
    const recoveryCodes = await db.transaction(async (tx) => {
      await requireFreshIdentity(tx, { userId: user.id, sessionId, actor }, { code, passkey });
      if (!(await isEnrolled(tx, user.id)))
        throw new RuleError(
          "Your account has no second factor, so no recovery codes: add a passkey or set up an authenticator app first.",
        );
      const codes = await replaceRecoveryCodes(tx, user.id);
      await recordAudit(tx, actor, {
        action: "user.recovery_codes_replaced",
        object: { type: "user", id: user.id },
        after: { session: sessionId },
        note: "The earlier recovery codes no longer work.",
      });
      await queueSecurityMail(tx, user, { kind: "recovery_codes_made" }, new Date(), actor);
      return codes;
    });
    // No revalidation: a re-render would unmount the codes before they are saved.
    return { recoveryCodes };
  },
});
