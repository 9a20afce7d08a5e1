import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { passkeys, recoveryCodes, userTwoFactor, type UserTwoFactor } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { deletePasskeysOf, hasPasskeys } from "../passkeys/store";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
} from "./recovery-codes";
import { openSecret, sealSecret } from "./secret-box";
import { acceptedStep, newSecret } from "./totp";

export async function twoFactorRow(db: DbOrTx, userId: string): Promise<UserTwoFactor | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** The authenticator app is set up (its enrollment confirmed with a code). */
export async function appEnrolled(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await twoFactorRow(db, userId))?.confirmedAt);
}

/** The second factors a user has: the authenticator app, and how many passkeys. */
export async function secondFactorsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ app: boolean; passkeys: number }> {
  const [app, keys] = await Promise.all([
    appEnrolled(db, userId),
    db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  return { app, passkeys: keys.length };
}

/**
 * Two-factor is on: the user has a confirmed authenticator app or at least one passkey (a passkey
 * that verified its user is a second factor of its own, so either meets the requirement of admin
 * and finance).
 */
export async function isEnrolled(db: DbOrTx, userId: string): Promise<boolean> {
  return (await appEnrolled(db, userId)) || (await hasPasskeys(db, userId));
}

/**
 * The secret of the user's unconfirmed enrollment, created when there is none. It is shown
 * (QR code and text) only until the enrollment is confirmed; null once it is.
 */
export async function pendingSecret(db: DbOrTx, key: Buffer, userId: string): Promise<string | null> {
  const row = await twoFactorRow(db, userId);
  if (row?.confirmedAt) return null;
  const existing = row ? openSecret(key, row.secretEncrypted) : null;
  if (existing) return existing;
  const sealed = sealSecret(key, newSecret());
  if (row) {
    // Sealed under another NEXTAUTH_SECRET: start this unconfirmed enrollment afresh.
    await db.update(userTwoFactor).set({ secretEncrypted: sealed }).where(eq(userTwoFactor.userId, userId));
  } else {
    // Two pages opened at once keep one secret between them: the first insert wins.
    await db.insert(userTwoFactor).values({ userId, secretEncrypted: sealed }).onConflictDoNothing();
  }
  const stored = await twoFactorRow(db, userId);
  return stored && !stored.confirmedAt ? openSecret(key, stored.secretEncrypted) : null;
}

export type Verification = "totp" | "recovery" | "wrong" | "not-enrolled" | "unreadable";

/**
 * Checks a code from the authenticator, or a recovery code, for an enrolled user, and uses it up:
 * the code's time step is remembered (no replay), a recovery code is marked used. Run it inside
 * the transaction whose outcome it guards; the row is locked so two requests cannot both use one code.
 * A user whose only second factors are passkeys has recovery codes too (for a lost passkey): those
 * work here, app codes do not.
 */
export async function spendSecondFactor(
  tx: Tx,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
  options: { allowRecovery: boolean; pending?: boolean } = { allowRecovery: true },
): Promise<Verification> {
  const [row] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).for("update");
  const app = row && Boolean(row.confirmedAt) !== Boolean(options.pending) ? row : undefined;
  if (!app && (options.pending || !(await hasPasskeys(tx, userId)))) return "not-enrolled";
  if (app) {
    const secret = openSecret(key, app.secretEncrypted);
    if (!secret) return "unreadable";
    const step = acceptedStep(secret, code, now.getTime(), app.lastUsedStep ?? null);
    if (step !== null) {
      await tx
        .update(userTwoFactor)
        .set({ lastUsedStep: step, lastVerifiedAt: now })
        .where(eq(userTwoFactor.userId, userId));
      return "totp";
    }
  }
  if (!options.allowRecovery || !looksLikeRecoveryCode(code)) return "wrong";
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) return "wrong";
  if (app)
    await tx.update(userTwoFactor).set({ lastVerifiedAt: now }).where(eq(userTwoFactor.userId, userId));
  return "recovery";
}

/** Marks the pending enrollment confirmed and replaces any recovery codes; returns the new codes (shown once). */
export async function confirmEnrollment(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await tx.update(userTwoFactor).set({ confirmedAt: now }).where(eq(userTwoFactor.userId, userId));
  return replaceRecoveryCodes(tx, userId);
}

/** A fresh set of recovery codes (any earlier ones stop working); returns them, to be shown once. */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

export async function unusedRecoveryCodeCount(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/**
 * Removes every second factor of the user: the authenticator app, the passkeys and the recovery
 * codes (an admin's reset, for a lost phone or passkey). They sign in with their password alone
 * until they enroll again (admin and finance are led to enrollment at once outside demo mode).
 * The caller writes the audit entry in the same transaction.
 */
export async function resetTwoFactor(tx: Tx, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await deletePasskeysOf(tx, userId);
}

/**
 * After one second factor was removed (the app turned off, a passkey removed): when none is left,
 * the recovery codes go too, since there is nothing left for them to stand in for.
 */
export async function dropRecoveryCodesIfUnenrolled(tx: Tx, userId: string): Promise<void> {
  if (!(await isEnrolled(tx, userId))) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Turns the authenticator app off; the recovery codes stay while the user still has a passkey. */
export async function removeAuthenticatorApp(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await dropRecoveryCodesIfUnenrolled(tx, userId);
}

/** Which users have two-factor on, by app or passkey (for the users list). */
export async function enrolledUserIds(db: DbOrTx): Promise<Set<string>> {
  const [apps, keys] = await Promise.all([
    db
      .select({ userId: userTwoFactor.userId })
      .from(userTwoFactor)
      .where(isNotNull(userTwoFactor.confirmedAt)),
    db.selectDistinct({ userId: passkeys.userId }).from(passkeys),
  ]);
  return new Set([...apps, ...keys].map((row) => row.userId));
}
