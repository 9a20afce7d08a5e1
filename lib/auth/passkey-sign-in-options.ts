import "server-only";
import { createHmac } from "node:crypto";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { DbOrTx } from "@/lib/db/types";
import { emailSchema } from "./credentials-schema";
import { assertionOptions } from "./passkeys/assertion";
import type { RelyingParty } from "./passkeys/relying-party";
import { passkeysOf } from "./passkeys/store";
import { findUserByEmail } from "./user-lookup";

/**
 * The prompt for signing in with a passkey. Without an email, any passkey this browser holds for
 * the site (a discoverable credential names its user). With one, only that account's passkeys;
 * an email with no account, or an account with no passkey, gets a made-up credential id derived
 * from the email (the same each time), so the answer does not tell who has an account or a
 * passkey: the browser then finds no passkey, as it would for a passkey on another device. Every
 * entry has the same shape, an id alone: the transports a real passkey was registered with (hints
 * the browser can do without) would tell it from the made-up one.
 */
export async function signInOptions(
  db: DbOrTx,
  rp: RelyingParty,
  email: string | undefined,
  secret: string,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const parsed = email ? emailSchema.safeParse(email) : undefined;
  if (!parsed?.success) {
    return assertionOptions(db, rp, { purpose: "sign_in", userId: null, sessionId: null, allow: [] }, now);
  }
  const user = await findUserByEmail(db, parsed.data);
  const keys = user && !user.disabledAt ? await passkeysOf(db, user.id) : [];
  const allow =
    user && keys.length > 0
      ? keys.map((key) => ({ id: key.credentialId }))
      : [{ id: decoyCredentialId(secret, parsed.data) }];
  return assertionOptions(
    db,
    rp,
    { purpose: "sign_in", userId: keys.length > 0 ? (user?.id ?? null) : null, sessionId: null, allow },
    now,
  );
}

function decoyCredentialId(secret: string, email: string): string {
  return createHmac("sha256", secret).update(`passkey-decoy:${email}`).digest("base64url");
}
