import "server-only";
import type { Db } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import type { CurrentUser } from "./current-user";
import { roleMustEnroll } from "./two-factor/policy";
import { hasPasskeys } from "./passkeys/store";
import { twoFactorRow, unusedRecoveryCodeCount } from "./two-factor/store";

export type TwoFactorSettings =
  | { state: "on"; since: Date; unusedRecoveryCodes: number; required: boolean }
  /** The app's key is not here: only the person may see it (startAuthenticatorAppAction). */
  | { state: "off"; required: boolean };

/** What the settings page shows. It reads only: setting the app up starts from the page's button. */
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
  return { state: "off", required };
}
