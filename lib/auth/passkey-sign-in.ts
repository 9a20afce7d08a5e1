import "server-only";
import { z } from "zod";
import { recordAudit, type AuditActor, type AuditEntry } from "@/lib/audit/record";
import type { User } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { issueKnownBrowser } from "./known-browser";
import { verifyAssertion } from "./passkeys/assertion";
import type { PasskeyLimiter } from "./passkey-limiter";
import { PASSKEY_REFUSALS } from "./passkeys/messages";
import { relyingPartyProblem, type RelyingParty } from "./passkeys/relying-party";
import { authenticationResponseSchema } from "./passkeys/schemas";
import { startSession } from "./sessions";
import { passwordSignInOff } from "./sso/break-glass";
import type { SignInClient, SignInResult } from "./sign-in";
import { findUserById } from "./user-lookup";
import { countSignInOutcome } from "@/lib/metrics/sign-in-outcomes";

export interface PasskeySignInGuard {
  relyingParty: RelyingParty | null;
  /** Gives the address its allowance of prompts back once signed in (passkeys/limiter.ts). */
  prompts?: PasskeyLimiter;
  browserSecret?: string;
  sessionMaxAgeSeconds?: number;
  /** Single sign-on is required (PAYDESK_SSO_REQUIRED): no passkey signs in on its own. */
  ssoRequired?: { name: string };
  now?: () => Date;
}

/** next-auth posts the credentials as strings: the passkey's answer is JSON text. */
const passkeyCredentialsSchema = z.object({ response: z.string().max(48_000) });

/**
 * Signs in with a passkey, for next-auth's authorize() (provider "passkey"): the answer must be to
 * a sign-in prompt this server issued (unused, unexpired), from a registered passkey (the one the
 * email named, when the prompt was for an email), verifying its user. A passkey that verified its
 * user is both factors at once, so the session starts with its second factor confirmed. Every
 * outcome writes one audit entry, under the same names as a password sign-in.
 */
export async function signInWithPasskey(
  db: Db,
  guard: PasskeySignInGuard,
  credentials: unknown,
  client: SignInClient,
): Promise<SignInResult> {
  const audit = (entry: AuditEntry, user?: User) => {
    countSignInOutcome(entry.action, "passkey");
    return recordAudit(db, actorOf(client, user), entry);
  };
  const problem = relyingPartyProblem(guard.relyingParty);
  if (problem || !guard.relyingParty) return { ok: false, message: problem ?? PASSKEY_REFUSALS.invalid };
  const response = parseAnswer(credentials);
  if (!response) {
    await audit({ action: "auth.sign_in_failed", note: "The passkey sign-in request was malformed." });
    return { ok: false, message: PASSKEY_REFUSALS.invalid };
  }
  const now = guard.now?.() ?? new Date();
  const rp = guard.relyingParty;
  const verified = await db.transaction((tx) =>
    verifyAssertion(tx, rp, { purpose: "sign_in", response }, now),
  );
  if (!verified.ok) {
    await audit({ action: "auth.sign_in_failed", note: `Passkey: ${PASSKEY_REFUSALS[verified.reason]}` });
    return { ok: false, message: PASSKEY_REFUSALS[verified.reason] };
  }
  const user = await findUserById(db, verified.passkey.userId);
  if (!user) return { ok: false, message: PASSKEY_REFUSALS.unknown };
  if (user.disabledAt) {
    await audit({ action: "auth.sign_in_failed", note: "The account is disabled." }, user);
    return { ok: false, message: "This account is disabled. Ask an admin to enable it." };
  }
  if (guard.ssoRequired) {
    await audit(
      { action: "auth.sign_in_failed", note: "Passkey sign-in is off: single sign-on is required." },
      user,
    );
    return { ok: false, message: passwordSignInOff(guard.ssoRequired.name) };
  }
  await guard.prompts?.succeeded(client.address);
  const session = await db.transaction(async (tx) => {
    const started = await startSession(tx, {
      userId: user.id,
      clientAddress: client.address,
      userAgent: client.userAgent,
      signedInWith: "passkey",
      secondFactor: "passkey",
      now,
      maxAgeSeconds: guard.sessionMaxAgeSeconds ?? serverEnv().SESSION_MAX_AGE_MINUTES * 60,
    });
    await recordAudit(tx, actorOf(client, user), {
      action: "auth.signed_in",
      object: { type: "user", id: user.id },
      after: { session: started.id },
      note: `With the passkey “${verified.passkey.name}”.`,
    });
    return started;
  });
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, role: user.role, sessionId: session.id },
    ...(guard.browserSecret
      ? { knownBrowserCookie: issueKnownBrowser(guard.browserSecret, user.email) }
      : {}),
  };
}

function parseAnswer(credentials: unknown) {
  const outer = passkeyCredentialsSchema.safeParse(credentials);
  if (!outer.success) return null;
  let json: unknown;
  try {
    json = JSON.parse(outer.data.response);
  } catch {
    return null;
  }
  const answer = authenticationResponseSchema.safeParse(json);
  return answer.success ? answer.data : null;
}

function actorOf(client: SignInClient, user?: User): AuditActor {
  return {
    kind: "user",
    userId: user?.id ?? null,
    email: user?.email ?? null,
    clientAddress: client.address,
    userAgent: client.userAgent,
  };
}
