import "server-only";
import { asc } from "drizzle-orm";
import { users, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export type UserListItem = Omit<User, "passwordHash" | "sessionVersion">;

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
