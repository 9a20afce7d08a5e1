import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { passkeys, type Passkey } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export async function passkeysOf(db: DbOrTx, userId: string): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function hasPasskeys(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** The passkey with this credential id, locked for the rest of the transaction (its counter moves). */
export async function lockPasskeyByCredential(
  db: DbOrTx,
  credentialId: string,
): Promise<Passkey | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).for("update");
  return row;
}

/** After a verified answer: the authenticator's new counter, and when the passkey was last used. */
export async function recordPasskeyUse(db: DbOrTx, id: string, counter: number, now: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

/** Removes one of the user's passkeys (another user's id removes nothing); the removed row, if any. */
export async function deletePasskey(db: DbOrTx, userId: string, id: string): Promise<Passkey | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskeysOf(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return rows.length;
}
