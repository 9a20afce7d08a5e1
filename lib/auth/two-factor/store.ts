import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { recoveryCodes, userTwoFactor, type UserTwoFactor } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
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

export async function isEnrolled(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await twoFactorRow(db, userId))?.confirmedAt);
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
  if (!row || Boolean(row.confirmedAt) === Boolean(options.pending)) return "not-enrolled";
  const secret = openSecret(key, row.secretEncrypted);
  if (!secret) return "unreadable";

  const step = acceptedStep(secret, code, now.getTime(), row.lastUsedStep ?? null);
  if (step !== null) {
    await tx
      .update(userTwoFactor)
      .set({ lastUsedStep: step, lastVerifiedAt: now })
      .where(eq(userTwoFactor.userId, userId));
    return "totp";
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
  await tx.update(userTwoFactor).set({ lastVerifiedAt: now }).where(eq(userTwoFactor.userId, userId));
  return "recovery";
}

/** Marks the pending enrollment confirmed and replaces any recovery codes; returns the new codes (shown once). */
export async function confirmEnrollment(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await tx.update(userTwoFactor).set({ confirmedAt: now }).where(eq(userTwoFactor.userId, userId));
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
 * Removes the user's authenticator and recovery codes: they sign in with their password alone
 * until they enroll again (admin and finance are led to enrollment at once outside demo mode).
 * The caller writes the audit entry in the same transaction.
 */
export async function resetTwoFactor(tx: Tx, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

/** Which of these users have two-factor on (for the users list). */
export async function enrolledUserIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(isNotNull(userTwoFactor.confirmedAt));
  return new Set(rows.map((row) => row.userId));
}
