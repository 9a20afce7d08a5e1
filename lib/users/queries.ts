import "server-only";
import { asc, eq } from "drizzle-orm";
import { users, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export type UserListItem = Omit<User, "passwordHash">;

export function listUsers(db: DbOrTx): Promise<UserListItem[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .orderBy(asc(users.email));
}
