import "server-only";
import { recordAudit, type AuditActor, type AuditEntry } from "@/lib/audit/record";
import type { SecondFactor, User } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import type { CodeLimiter } from "./code-limiter";
import { signInSchema } from "./credentials-schema";
import { TWO_FACTOR_REQUIRED } from "./two-factor-required";

export { TWO_FACTOR_REQUIRED };
import { findUserByEmail } from "./user-lookup";
import { issueKnownBrowser, knownBrowserId } from "./known-browser";
import { describeWait, type LoginLimiter } from "./login-rate-limit";
import { burnPasswordCheck, verifyPassword } from "./password";
import type { Role } from "./roles";
import { isEnrolled, spendSecondFactor } from "./two-factor/store";
import { startSession } from "./sessions";
import { mayUsePasswordWhileSsoRequired, passwordSignInOff } from "./sso/break-glass";
import { countSignInOutcome } from "@/lib/metrics/sign-in-outcomes";

export type SignInResult =
  | {
      ok: true;
      /** Who signed in, and the session this sign-in made (sessions.ts). */
      user: { id: string; email: string; name: string; role: Role; sessionId: string };
      /** A fresh known-browser cookie value for this browser and account (known-browser.ts). */
      knownBrowserCookie?: string;
    }
  | { ok: false; message: string };

export const WRONG_CREDENTIALS = "Wrong email or password.";
export const WRONG_CODE =
  "That code is not right (or was already used). Enter the current code from your authenticator app, or one of your recovery codes.";

export interface SignInGuard {
  passwords: LoginLimiter;
  codes: CodeLimiter;
  /** The key two-factor secrets are sealed with (see two-factor/secret-box.ts). */
  secretKey: Buffer;
  /** NEXTAUTH_SECRET, which signs known-browser cookies; without it no browser is known. */
  browserSecret?: string;
  /** How long the session lasts from sign-in (SESSION_MAX_AGE_MINUTES by default). */
  sessionMaxAgeSeconds?: number;
  /** Single sign-on is required (PAYDESK_SSO_REQUIRED): passwords sign in break-glass admins only. */
  ssoRequired?: { name: string };
  now?: () => Date;
}

export interface SignInClient {
  address: string;
  userAgent: string | null;
  /** The known-browser cookie the browser sent, if any. */
  knownBrowserCookie?: string;
}

/**
 * Checks credentials for next-auth's authorize(): the attempt is counted first (so parallel
 * guesses cannot outrun the limit), then the password, then the account's status, then (for a user
 * with two-factor) the code, counted per user like passwords. A disabled account is named only to
 * someone who gave its right password: a wrong one gets the same answer as any other. Every
 * outcome but "now enter your code" writes one audit entry, with the email tried and never the
 * password.
 */
export async function checkCredentials(
  db: Db,
  guard: SignInGuard,
  credentials: unknown,
  client: SignInClient,
): Promise<SignInResult> {
  const audit = (entry: AuditEntry, who: { email?: string; user?: User } = {}) => {
    countSignInOutcome(entry.action, "password");
    return recordAudit(db, actorOf(client, who), entry);
  };
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) {
    await audit({ action: "auth.sign_in_failed", note: "The sign-in request was malformed." });
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  const { email, password, code } = parsed.data;

  const knownBrowser = guard.browserSecret
    ? knownBrowserId(guard.browserSecret, email, client.knownBrowserCookie)
    : null;
  const attempt = await guard.passwords.attempt(email, client.address, knownBrowser);
  if (!attempt.allowed) {
    await audit({ action: "auth.locked_out", note: "Too many failed passwords." }, { email });
    return {
      ok: false,
      message: `Too many failed sign-in attempts. Try again in ${describeWait(attempt.retryAfterSeconds)}.`,
    };
  }

  const user = await findUserByEmail(db, email);
  // A person who has not chosen a password yet (invited) cannot sign in with one.
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await burnPasswordCheck(password);
  if (!user || !passwordOk) {
    await audit({ action: "auth.sign_in_failed", note: "Wrong email or password." }, { email, user });
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  if (user.disabledAt) {
    await audit({ action: "auth.sign_in_failed", note: "The account is disabled." }, { email, user });
    return { ok: false, message: "This account is disabled. Ask an admin to enable it." };
  }
  if (guard.ssoRequired && !(await mayUsePasswordWhileSsoRequired(db, user, guard.now?.()))) {
    await audit(
      { action: "auth.sign_in_failed", note: "Password sign-in is off: single sign-on is required." },
      { email, user },
    );
    return { ok: false, message: passwordSignInOff(guard.ssoRequired.name) };
  }
  await guard.passwords.succeeded(email, client.address, knownBrowser);

  let note: string | null = null;
  let secondFactor: SecondFactor | null = null;
  if (await isEnrolled(db, user.id)) {
    if (!code) return { ok: false, message: TWO_FACTOR_REQUIRED };
    const codeAttempt = await guard.codes.attempt(user.id);
    if (!codeAttempt.allowed) {
      await audit({ action: "auth.locked_out", note: "Too many wrong two-factor codes." }, { email, user });
      return {
        ok: false,
        message: `Too many wrong codes. Try again in ${describeWait(codeAttempt.retryAfterSeconds)}.`,
      };
    }
    const now = guard.now?.() ?? new Date();
    const outcome = await db.transaction(async (tx) => {
      const verified = await spendSecondFactor(tx, guard.secretKey, user.id, code, now);
      if (verified === "recovery") {
        await recordAudit(tx, actorOf(client, { email, user }), {
          action: "user.recovery_code_used",
          object: { type: "user", id: user.id },
          note: "Used at sign-in.",
        });
      }
      return verified;
    });
    if (outcome === "unreadable") {
      await audit(
        { action: "auth.sign_in_failed", note: "The two-factor secret cannot be read." },
        { email, user },
      );
      return {
        ok: false,
        message:
          "Your two-factor secret cannot be read on this server (its NEXTAUTH_SECRET changed). Ask an admin to reset your two-factor.",
      };
    }
    if (outcome !== "totp" && outcome !== "recovery") {
      await audit({ action: "auth.sign_in_failed", note: "Wrong two-factor code." }, { email, user });
      return { ok: false, message: WRONG_CODE };
    }
    await guard.codes.succeeded(user.id);
    note = outcome === "recovery" ? "With a recovery code." : "With a two-factor code.";
    secondFactor = outcome;
  }

  const session = await db.transaction(async (tx) => {
    const started = await startSession(tx, {
      userId: user.id,
      clientAddress: client.address,
      userAgent: client.userAgent,
      signedInWith: "password",
      secondFactor,
      now: guard.now?.() ?? new Date(),
      maxAgeSeconds: guard.sessionMaxAgeSeconds ?? serverEnv().SESSION_MAX_AGE_MINUTES * 60,
    });
    await recordAudit(tx, actorOf(client, { email, user }), {
      action: "auth.signed_in",
      object: { type: "user", id: user.id },
      // A browser this account never signed in from: a second admin reviewing a role grant sees it.
      after: { session: started.id, ...(guard.browserSecret && !knownBrowser ? { newBrowser: true } : {}) },
      note,
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

/** Who a sign-in's audit entry names: the user when known, else the email tried, and where from. */
export function actorOf(client: SignInClient, who: { email?: string; user?: User }): AuditActor {
  return {
    kind: "user",
    userId: who.user?.id ?? null,
    email: who.user?.email ?? who.email ?? null,
    clientAddress: client.address,
    userAgent: client.userAgent,
  };
}
