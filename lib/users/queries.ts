import "server-only";
import { asc, eq } from "drizzle-orm";
import { users, userTwoFactor, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export type UserListItem = Omit<User, "passwordHash" | "passwordChangedAt"> & {
  /** Enrolled in two-factor sign-in (a confirmed authenticator). */
  twoFactor: boolean;
};

export async function listUsers(db: DbOrTx): Promise<UserListItem[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      enrolledAt: userTwoFactor.confirmedAt,
    })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .orderBy(asc(users.email));
  return rows.map(({ enrolledAt, ...user }) => ({ ...user, twoFactor: enrolledAt !== null }));
}
