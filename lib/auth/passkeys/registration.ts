import "server-only";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { passkeys, type Passkey } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { CHALLENGE_TTL_MS, challengeOfAnswer, keepChallenge, spendChallenge } from "./challenges";
import type { PasskeyRefusal } from "./messages";
import type { RelyingParty } from "./relying-party";
import type { RegistrationResponseInput } from "./schemas";
import { passkeysOf } from "./store";

/**
 * The options for the browser's "create a passkey" prompt: a discoverable credential (so it can
 * sign in without an email) that verifies its user, none of the ones the user has already.
 */
export async function registrationOptions(
  db: DbOrTx,
  rp: RelyingParty,
  who: { user: { id: string; email: string; name: string }; sessionId: string },
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, who.user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: who.user.email,
    userDisplayName: who.user.name,
    userID: new TextEncoder().encode(who.user.id),
    attestationType: "none",
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports ?? undefined,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(
    db,
    { value: options.challenge, purpose: "register", userId: who.user.id, sessionId: who.sessionId },
    now,
  );
  return options;
}

export type Registration = { ok: true; passkey: Passkey } | { ok: false; reason: PasskeyRefusal };

/**
 * Checks the browser's new passkey against the challenge issued to this user in this session
 * (used up here, whatever the outcome, when the caller commits) and keeps its public key.
 */
export async function registerPasskey(
  db: DbOrTx,
  rp: RelyingParty,
  who: { userId: string; sessionId: string },
  input: { name: string; response: RegistrationResponseInput },
  now = new Date(),
): Promise<Registration> {
  const challenge = challengeOfAnswer(input.response.response.clientDataJSON);
  if (!challenge) return { ok: false, reason: "invalid" };
  const issued = await spendChallenge(
    db,
    { value: challenge, purpose: "register", userId: who.userId, sessionId: who.sessionId },
    now,
  );
  if (!issued) return { ok: false, reason: "expired" };
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    return { ok: false, reason: /user verification/i.test(String(error)) ? "no-verification" : "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: who.userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      transports: credential.transports ?? null,
      name: input.name,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ? { ok: true, passkey: row } : { ok: false, reason: "duplicate" };
}
