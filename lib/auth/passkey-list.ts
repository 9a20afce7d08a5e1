import "server-only";
import { serverEnv } from "@/lib/env";
import type { DbOrTx } from "@/lib/db/types";
import { passkeysOf } from "./passkeys/store";
import { roleMustEnroll } from "./two-factor/policy";
import { appEnrolled, unusedRecoveryCodeCount } from "./two-factor/store";

import type { PasskeySettings } from "./passkey-list-shape";

export async function passkeySettingsOf(
  db: DbOrTx,
  user: { id: string; role: Parameters<typeof roleMustEnroll>[0] },
): Promise<PasskeySettings> {
  const [keys, app, unusedRecoveryCodes] = await Promise.all([
    passkeysOf(db, user.id),
    appEnrolled(db, user.id),
    unusedRecoveryCodeCount(db, user.id),
  ]);
  return {
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      synced: key.backedUp,
    })),
    app,
    unusedRecoveryCodes,
    required: roleMustEnroll(user.role, serverEnv().PAYDESK_DEMO),
  };
}
