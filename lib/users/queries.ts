import "server-only";
import { asc } from "drizzle-orm";
import { enrolledUserIds } from "@/lib/auth/two-factor/store";
import { users, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export type UserListItem = Omit<User, "passwordHash" | "passwordChangedAt"> & {
  /** Enrolled in two-factor sign-in (a confirmed authenticator app, or a passkey). */
  twoFactor: boolean;
};

export async function listUsers(db: DbOrTx): Promise<UserListItem[]> {
  const [rows, enrolled] = await Promise.all([
    db
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
      .orderBy(asc(users.email)),
    enrolledUserIds(db),
  ]);
  return rows.map((user) => ({ ...user, twoFactor: enrolled.has(user.id) }));
}
