"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/record";
import { queueSecurityMail } from "./security-mail";
import { qrCodeDataUrl } from "@/lib/qr-code";
import { codeLimiter } from "@/lib/auth/app-login-limiter";
import { confirmAppSchema, twoFactorCodeFormSchema } from "@/lib/auth/credentials-schema";
import { defineAction } from "@/lib/auth/define-action";
import { requireFreshIdentity, requireRecentIdentity } from "@/lib/auth/fresh-identity";
import { SECOND_FACTOR_FIELD } from "@/lib/auth/fresh-identity-words";
import { describeWait } from "@/lib/auth/login-rate-limit";
import { secondFactorProofSchema } from "@/lib/auth/passkeys/schemas";
import { RuleError } from "@/lib/auth/rule-error";
import { recordConfirmation } from "@/lib/auth/sessions";
import { appSecretKey } from "@/lib/auth/two-factor/app-key";
import {
  appEnrolled,
  confirmEnrollment,
  isEnrolled,
  pendingSecret,
  removeAuthenticatorApp,
  spendSecondFactor,
} from "@/lib/auth/two-factor/store";
import { otpauthUri } from "@/lib/auth/two-factor/totp";

const WRONG_CODE_FIELD = { field: "code" } as const;
const ALREADY_ON = "The authenticator app is already set up for your account. Reload the page.";

async function countCodeAttempt(userId: string) {
  const attempt = await (await codeLimiter()).attempt(userId);
  if (!attempt.allowed)
    throw new RuleError(
      `Too many wrong codes. Try again in ${describeWait(attempt.retryAfterSeconds)}.`,
      WRONG_CODE_FIELD,
    );
}

/**
 * Shows the key of a new authenticator app (QR code and text), to this person only: their password
 * within the last 5 minutes, and their passkey too if they have one (fresh-identity.ts). Whoever
 * sees the key can make its codes, so a copied session must not. The key stays the same until the
 * app is confirmed (two tabs show one key).
 */
export const startAuthenticatorAppAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: secondFactorProofSchema,
  handler: async ({ code, passkey }, { db, user, sessionId, actor }) => {
    const secret = await db.transaction(async (tx) => {
      await requireFreshIdentity(tx, { userId: user.id, sessionId, actor }, { code, passkey });
      if (await appEnrolled(tx, user.id)) throw new RuleError(ALREADY_ON);
      const pending = await pendingSecret(tx, appSecretKey(), user.id);
      if (!pending) throw new RuleError(ALREADY_ON);
      await recordAudit(tx, actor, {
        action: "user.two_factor_setup_started",
        object: { type: "user", id: user.id },
        after: { session: sessionId },
        note: "The new authenticator app's key was shown.",
      });
      return pending;
    });
    const uri = otpauthUri(secret, user.email);
    return { secret, qr: await qrCodeDataUrl(uri, 240) };
  },
});

/**
 * Turns two-factor on: the code from the app proves it holds the key shown (above), within 5
 * minutes of the person's password (and passkey, if they have one). Answers with the 10 recovery
 * codes, shown once; only their hashes are kept (any earlier ones, from a first passkey, stop
 * working). The person is emailed.
 */
export const confirmTwoFactorAction = defineAction({
  permission: "account:manage",
  duringEnrollment: true,
  schema: confirmAppSchema,
  handler: async ({ code, passkey }, { db, user, sessionId, actor }) => {
    const recoveryCodes = await db.transaction(async (tx) => {
      await requireFreshIdentity(
        tx,
        { userId: user.id, sessionId, actor },
        { passkey },
        { secondFactorField: SECOND_FACTOR_FIELD },
      );
      if (await appEnrolled(tx, user.id)) throw new RuleError(ALREADY_ON);
      await countCodeAttempt(user.id);
      const now = new Date();
      const verified = await spendSecondFactor(tx, appSecretKey(), user.id, code, now, {
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
      const codes = await confirmEnrollment(tx, user.id, now);
      // The code just given is this session's confirmation.
      await recordConfirmation(tx, sessionId, now);
      await recordAudit(tx, actor, {
        action: "user.two_factor_enrolled",
        object: { type: "user", id: user.id },
        before: { twoFactor: false },
        after: { twoFactor: true, session: sessionId },
      });
      await queueSecurityMail(tx, user, { kind: "app_added" }, now, actor);
      return codes;
    });
    await (await codeLimiter()).succeeded(user.id);
    // No revalidation here: a re-render would show "on" and unmount the recovery codes before they
    // are saved. The page's Continue button refreshes.
    return { recoveryCodes };
  },
});

/**
 * Turns one's own authenticator app off (to replace the phone, or re-enroll): the password within
 * the last 5 minutes, then a current code or a recovery code given here, which is the second factor
 * asked for (so no other step-up). The recovery codes go with it unless a passkey remains. Outside
 * demo mode admin and finance left with no second factor are led straight back to enrollment.
 */
export const turnOffTwoFactorAction = defineAction({
  permission: "account:manage",
  schema: twoFactorCodeFormSchema,
  handler: async ({ code }, { db, user, sessionId, actor }) => {
    await db.transaction(async (tx) => {
      await requireRecentIdentity(tx, { userId: user.id, sessionId });
      if (!(await appEnrolled(tx, user.id)))
        throw new RuleError("The authenticator app is not set up for your account. Reload the page.");
      await countCodeAttempt(user.id);
      const now = new Date();
      const verified = await spendSecondFactor(tx, appSecretKey(), user.id, code, now);
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
        after: { twoFactor: passkeysLeft, authenticatorApp: false, session: sessionId },
        note: passkeysLeft
          ? "The authenticator app was turned off by the user themselves; their passkeys remain."
          : "Turned off by the user themselves.",
      });
      await queueSecurityMail(tx, user, { kind: "app_removed" }, now, actor);
    });
    await (await codeLimiter()).succeeded(user.id);
    revalidatePath("/", "layout");
    return { message: "The authenticator app is off." };
  },
});
