import "server-only";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Passkey } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { CHALLENGE_TTL_MS, challengeOfAnswer, keepChallenge, spendChallenge } from "./challenges";
import type { PasskeyRefusal } from "./messages";
import type { RelyingParty } from "./relying-party";
import type { AuthenticationResponseInput } from "./schemas";
import { lockPasskeyByCredential, recordPasskeyUse } from "./store";

export type AssertionPurpose = "sign_in" | "confirm";

/**
 * The options for the browser's "use a passkey" prompt. `allow` limits it to these credentials
 * (the user's, when known); empty, the browser offers the passkeys it holds for this site. User
 * verification is always required: the passkey stands for a password and a second factor.
 */
export async function assertionOptions(
  db: DbOrTx,
  rp: RelyingParty,
  ask: {
    purpose: AssertionPurpose;
    userId: string | null;
    sessionId: string | null;
    allow: { id: string; transports?: string[] }[];
  },
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: ask.allow,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(
    db,
    { value: options.challenge, purpose: ask.purpose, userId: ask.userId, sessionId: ask.sessionId },
    now,
  );
  return options;
}

export type Assertion = { ok: true; passkey: Passkey } | { ok: false; reason: PasskeyRefusal };

/**
 * Checks a passkey's answer: the challenge it signed must have been issued for this purpose (to
 * this user and session, when given) and not used; the passkey must be registered, to the user
 * the challenge was issued to if it names one; the signature must verify, with the user verified,
 * and the counter must have moved on (a counter that does not betrays a cloned authenticator).
 * The passkey's counter and last use are recorded. Run it in a transaction: the passkey is locked.
 */
export async function verifyAssertion(
  db: DbOrTx,
  rp: RelyingParty,
  expected: {
    purpose: AssertionPurpose;
    userId?: string;
    sessionId?: string;
    response: AuthenticationResponseInput;
  },
  now = new Date(),
): Promise<Assertion> {
  const { response } = expected;
  const challenge = challengeOfAnswer(response.response.clientDataJSON);
  if (!challenge) return { ok: false, reason: "invalid" };
  const issued = await spendChallenge(
    db,
    { value: challenge, purpose: expected.purpose, userId: expected.userId, sessionId: expected.sessionId },
    now,
  );
  if (!issued) return { ok: false, reason: "expired" };
  const passkey = await lockPasskeyByCredential(db, response.id);
  const owner = expected.userId ?? issued.userId;
  if (!passkey || (owner && passkey.userId !== owner)) return { ok: false, reason: "unknown" };
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports ?? undefined,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    return { ok: false, reason: /user verification/i.test(String(error)) ? "no-verification" : "invalid" };
  }
  if (!verification.verified || !verification.authenticationInfo.userVerified)
    return { ok: false, reason: "no-verification" };
  await recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter, now);
  return {
    ok: true,
    passkey: { ...passkey, counter: verification.authenticationInfo.newCounter, lastUsedAt: now },
  };
}
