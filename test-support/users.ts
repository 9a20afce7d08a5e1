// Test support: users with a real password hash, inserted directly, so tests of lib/auth need
// nothing from the user-management feature above it.
import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import { users, type Role, type User } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

export async function insertUser(
  db: Db,
  user: { email: string; password: string; role?: Role; name?: string },
): Promise<User> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email.toLowerCase(),
      name: user.name ?? "Test user",
      role: user.role ?? "support",
      passwordHash: await hashPassword(user.password),
    })
    .returning();
  if (!row) throw new Error("insertUser: nothing inserted");
  return row;
}

export async function disableUser(db: Db, id: string): Promise<void> {
  await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
}

/** A session of the user, as signing in makes one, and the token that carries it. */
export async function signedInSession(
  db: Db,
  userId: string,
  options: { now?: Date; maxAgeSeconds?: number } = {},
) {
  const { startSession } = await import("@/lib/auth/sessions");
  const session = await startSession(db, {
    userId,
    clientAddress: "192.0.2.7",
    userAgent: "Test browser/1.0",
    signedInWith: "password",
    secondFactor: null,
    now: options.now ?? new Date(),
    maxAgeSeconds: options.maxAgeSeconds ?? 300,
  });
  return { session, token: { sub: userId, sid: session.id } };
}
