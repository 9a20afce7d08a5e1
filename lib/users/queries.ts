import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { enrolledUserIds } from "@/lib/auth/two-factor/store";
import { accountLinks, users, type AccountLinkKind, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export type UserListItem = Omit<
  User,
  | "passwordHash"
  | "passwordChangedAt"
  | "timeZone"
  | "numberLocale"
  | "mailDigestTime"
  | "mailDigestSentAt"
  | "ssoIssuer"
  | "ssoSubject"
> & {
  /** Enrolled in two-factor sign-in (a confirmed authenticator app, or a passkey). */
  twoFactor: boolean;
  /** Whether they have a password; if not, the link through which they choose one, and when it expires. */
  password:
    { set: true } | { set: false; link: { kind: AccountLinkKind; expiresAt: Date; expired: boolean } | null };
};

export function listUsers(db: DbOrTx, now = new Date()): Promise<UserListItem[]> {
  return readUsers(db, undefined, now);
}

/** One user as the users page shows them (their edit view), or null when there is none. */
export async function findUserListItem(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<UserListItem | null> {
  return (await readUsers(db, id, now))[0] ?? null;
}

async function readUsers(db: DbOrTx, id: string | undefined, now: Date): Promise<UserListItem[]> {
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
        // Whether there is one, never the hash itself.
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        linkKind: accountLinks.kind,
        linkExpiresAt: accountLinks.expiresAt,
      })
      .from(users)
      // The live link: at most one per person (a partial unique index).
      .leftJoin(
        accountLinks,
        and(eq(accountLinks.userId, users.id), isNull(accountLinks.usedAt), isNull(accountLinks.revokedAt)),
      )
      .where(id ? eq(users.id, id) : undefined)
      .orderBy(asc(users.email)),
    enrolledUserIds(db),
  ]);
  return rows.map(({ hasPassword, linkKind, linkExpiresAt, ...user }) => ({
    ...user,
    twoFactor: enrolled.has(user.id),
    password: hasPassword
      ? { set: true }
      : {
          set: false,
          link:
            linkKind && linkExpiresAt
              ? { kind: linkKind, expiresAt: linkExpiresAt, expired: linkExpiresAt <= now }
              : null,
        },
  }));
}
