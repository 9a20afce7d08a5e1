import "server-only";
import { eq } from "drizzle-orm";
import { users, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/** The two lookups sign-in and every session check need; user management builds on them. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
