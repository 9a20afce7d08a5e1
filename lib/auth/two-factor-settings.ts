import "server-only";
import type { Db } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import type { CurrentUser } from "./current-user";
import { appSecretKey } from "./two-factor/app-key";
import { roleMustEnroll } from "./two-factor/policy";
import { hasPasskeys } from "./passkeys/store";
import { pendingSecret, twoFactorRow, unusedRecoveryCodeCount } from "./two-factor/store";
import { otpauthUri } from "./two-factor/totp";

export type TwoFactorSettings =
  | { state: "on"; since: Date; unusedRecoveryCodes: number; required: boolean }
  /** The secret is shown only here, while the enrollment is unconfirmed; never after. */
  | { state: "off"; secret: string; otpauthUri: string; required: boolean };

/**
 * What the settings page shows. Opening it while two-factor is off prepares an enrollment (a new
 * secret, kept encrypted) that takes effect only once confirmed with a code.
 */
export async function twoFactorSettingsOf(db: Db, user: CurrentUser): Promise<TwoFactorSettings> {
  // A passkey meets the requirement too: with one, the app is a choice.
  const required = roleMustEnroll(user.role, serverEnv().PAYDESK_DEMO) && !(await hasPasskeys(db, user.id));
  const row = await twoFactorRow(db, user.id);
  if (row?.confirmedAt) {
    return {
      state: "on",
      since: row.confirmedAt,
      unusedRecoveryCodes: await unusedRecoveryCodeCount(db, user.id),
      required,
    };
  }
  const secret = await pendingSecret(db, appSecretKey(), user.id);
  if (!secret) throw new Error("two-factor: no pending secret for an unconfirmed enrollment");
  return { state: "off", secret, otpauthUri: otpauthUri(secret, user.email), required };
}
