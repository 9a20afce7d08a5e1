import "server-only";
import { asc, isNotNull } from "drizzle-orm";
import { userTwoFactor } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { logger } from "@/lib/log/logger";
import { openSecret, secretKey } from "./secret-box";

/**
 * Whether this server's NEXTAUTH_SECRET opens the authenticator secrets in its database. After a
 * restore on a host started with another secret, every two-factor user would be refused at sign-in
 * ("Your two-factor secret cannot be read"); this says so once, at start, to whoever runs it.
 * One secret is tried (the oldest confirmed: a later enrollment may already be sealed under the
 * new secret); only when it cannot be opened are the others read, to say how many are affected.
 */
export type TwoFactorSecretsCheck =
  { state: "readable" | "none enrolled" } | { state: "unreadable"; unreadable: number; enrolled: number };

export const TWO_FACTOR_SECRET_MISMATCH =
  "the database was written with another NEXTAUTH_SECRET: start with the secret that was kept with the backup";

export async function checkTwoFactorSecrets(db: DbOrTx, appSecret: string): Promise<TwoFactorSecretsCheck> {
  const key = secretKey(appSecret);
  const confirmed = () =>
    db
      .select({ secret: userTwoFactor.secretEncrypted })
      .from(userTwoFactor)
      .where(isNotNull(userTwoFactor.confirmedAt))
      .orderBy(asc(userTwoFactor.confirmedAt), asc(userTwoFactor.userId));
  const [oldest] = await confirmed().limit(1);
  if (!oldest) return { state: "none enrolled" };
  if (openSecret(key, oldest.secret) !== null) return { state: "readable" };
  const all = await confirmed();
  return {
    state: "unreadable",
    unreadable: all.filter(({ secret }) => openSecret(key, secret) === null).length,
    enrolled: all.length,
  };
}

/** The operator's sentence for a check that found unreadable secrets, else null. */
export function describeTwoFactorSecrets(check: TwoFactorSecretsCheck): string | null {
  if (check.state !== "unreadable") return null;
  return (
    `${check.unreadable} of ${check.enrolled} authenticator app secret(s) cannot be read with this ` +
    `NEXTAUTH_SECRET, so those users cannot sign in: ${TWO_FACTOR_SECRET_MISMATCH} ` +
    "(or, if that secret is lost, an admin resets each one's two-factor)"
  );
}

let lastWarning: { at: number; text: string | null } | undefined;

/**
 * The sentence for readiness or the System page, checked at most once a minute (an admin resetting
 * the affected users' two-factor clears it without a restart); null when all is well or unknown.
 */
export async function twoFactorSecretsWarning(
  db: DbOrTx,
  appSecret: string | undefined,
  now = Date.now(),
): Promise<string | null> {
  if (!appSecret) return null;
  if (lastWarning && now - lastWarning.at < 60_000) return lastWarning.text;
  const text = describeTwoFactorSecrets(await checkTwoFactorSecrets(db, appSecret));
  lastWarning = { at: now, text };
  return text;
}

/**
 * At start: one error line when the secrets cannot be read (the server still starts: everyone
 * without an authenticator app can sign in, and an admin may reset the others). Never throws.
 */
export async function logUnreadableTwoFactorSecrets(db: DbOrTx, appSecret: string): Promise<void> {
  try {
    const check = await checkTwoFactorSecrets(db, appSecret);
    const text = describeTwoFactorSecrets(check);
    if (text) logger().error({ twoFactorSecrets: check }, text);
    lastWarning = { at: Date.now(), text };
  } catch (error) {
    logger().warn({ err: error }, "could not check whether the two-factor secrets can be read");
  }
}
