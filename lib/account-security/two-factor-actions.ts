"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { codeLimiter } from "@/lib/auth/app-login-limiter";
import { twoFactorCodeFormSchema } from "@/lib/auth/credentials-schema";
import { defineAction } from "@/lib/auth/define-action";
import { describeWait } from "@/lib/auth/login-rate-limit";
import { RuleError } from "@/lib/auth/rule-error";
import { recordConfirmation } from "@/lib/auth/sessions";
import { appSecretKey } from "@/lib/auth/two-factor/app-key";
import {
  appEnrolled,
  confirmEnrollment,
  isEnrolled,
  removeAuthenticatorApp,
  spendSecondFactor,
} from "@/lib/auth/two-factor/store";

const WRONG_CODE_FIELD = { field: "code" } as const;

async function countCodeAttempt(userId: string) {
  const attempt = await (await codeLimiter()).attempt(userId);
  if (!attempt.allowed)
    throw new RuleError(
      `Too many wrong codes. Try again in ${describeWait(attempt.retryAfterSeconds)}.`,
      WRONG_CODE_FIELD,
    );
}

/**
 * Turns two-factor on: the code from the app proves it holds the secret shown on the settings page.
 * Answers with the 10 recovery codes, shown once; only their hashes are kept (any earlier ones, from
 * a first passkey, stop working).
 */
export const confirmTwoFactorAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: twoFactorCodeFormSchema,
  handler: async ({ code }, { db, user, sessionId, actor }) => {
    await countCodeAttempt(user.id);
    const recoveryCodes = await db.transaction(async (tx) => {
      if (await appEnrolled(tx, user.id))
        throw new RuleError("The authenticator app is already set up for your account. Reload the page.");
      const verified = await spendSecondFactor(tx, appSecretKey(), user.id, code, new Date(), {
        allowRecovery: false,
        pending: true,
      });
      if (verified === "not-enrolled")
        throw new RuleError("This setup has expired. Reload the page to get a new QR code.");
      if (verified !== "totp")
        throw new RuleError(
          "That code is not right. Check that your authenticator app shows Paydesk with your email, then enter the code it shows now.",
          WRONG_CODE_FIELD,
        );
      const codes = await confirmEnrollment(tx, user.id, new Date());
      // The code just given is this session's confirmation.
      await recordConfirmation(tx, sessionId);
      await recordAudit(tx, actor, {
        action: "user.two_factor_enrolled",
        object: { type: "user", id: user.id },
        before: { twoFactor: false },
        after: { twoFactor: true },
      });
      return codes;
    });
    await (await codeLimiter()).succeeded(user.id);
    // No revalidation here: a re-render would show "on" and unmount the recovery codes before they
    // are saved. The page's Continue button refreshes.
    return { recoveryCodes };
  },
});

/**
 * Turns one's own authenticator app off (to replace the phone, or re-enroll), proved with a current
 * code or a recovery code. The recovery codes go with it unless a passkey remains. Outside demo mode
 * admin and finance left with no second factor are led straight back to enrollment.
 */
export const turnOffTwoFactorAction = defineAction({
  permission: "account:manage",
  schema: twoFactorCodeFormSchema,
  handler: async ({ code }, { db, user, actor }) => {
    await countCodeAttempt(user.id);
    await db.transaction(async (tx) => {
      if (!(await appEnrolled(tx, user.id)))
        throw new RuleError("The authenticator app is not set up for your account. Reload the page.");
      const verified = await spendSecondFactor(tx, appSecretKey(), user.id, code, new Date());
      if (verified === "not-enrolled")
        throw new RuleError("Two-factor sign-in is already off for your account.");
      if (verified !== "totp" && verified !== "recovery")
        throw new RuleError(
          "That code is not right (or was already used). Enter the current code from your authenticator app, or a recovery code.",
          WRONG_CODE_FIELD,
        );
      await removeAuthenticatorApp(tx, user.id);
      const passkeysLeft = await isEnrolled(tx, user.id);
      await recordAudit(tx, actor, {
        action: "user.two_factor_reset",
        object: { type: "user", id: user.id },
        before: { twoFactor: true, authenticatorApp: true },
        after: { twoFactor: passkeysLeft, authenticatorApp: false },
        note: passkeysLeft
          ? "The authenticator app was turned off by the user themselves; their passkeys remain."
          : "Turned off by the user themselves.",
      });
    });
    await (await codeLimiter()).succeeded(user.id);
    revalidatePath("/", "layout");
    return { message: "The authenticator app is off." };
  },
});
