import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { accountLinks, users, type AccountLink, type AccountLinkKind, type User } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { queueAccountLinkMail } from "@/lib/mail/account-link-mail";
import { JOIN_PATH } from "./join-path";

/**
 * One-time links that let a person choose their own password: an invitation for a new user, a
 * reset for one whose password an admin reset. The token (32 random bytes) is shown once, to the
 * admin who passes it on; only its SHA-256 is stored. A person has at most one live link: a new
 * one revokes the one before, in the same transaction.
 */

/** A link just made: its token (never stored, never logged) and when it stops working. */
export interface NewAccountLink {
  kind: AccountLinkKind;
  token: string;
  expiresAt: Date;
  /** Also emailed to its person (mail is set up): the admin is told so. */
  emailed: boolean;
}

export const tokenSha256 = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export async function issueAccountLink(
  tx: Tx,
  link: {
    userId: string;
    kind: AccountLinkKind;
    /** The admin who made it; null for the command line. */
    createdBy: string | null;
    now?: Date;
    lifetimeHours?: number;
  },
): Promise<NewAccountLink> {
  const now = link.now ?? new Date();
  const hours = link.lifetimeHours ?? serverEnv().PAYDESK_ACCOUNT_LINK_HOURS;
  await revokeLiveLink(tx, link.userId, now);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + Math.round(hours * 3_600_000));
  await tx.insert(accountLinks).values({
    userId: link.userId,
    kind: link.kind,
    tokenSha256: tokenSha256(token),
    createdBy: link.createdBy,
    createdAt: now,
    expiresAt,
  });
  const [person] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, link.userId));
  let emailed = false;
  if (person) {
    emailed = await queueAccountLinkMail(
      tx,
      {
        to: { address: person.email, name: person.name },
        kind: link.kind,
        path: `${JOIN_PATH}/${token}`,
        expiresAt,
      },
      now,
    );
  }
  return { kind: link.kind, token, expiresAt, emailed };
}

/** Revokes the person's live link (neither used nor revoked; an expired one too), if they have one. */
export async function revokeLiveLink(db: DbOrTx, userId: string, now = new Date()): Promise<boolean> {
  const revoked = await db
    .update(accountLinks)
    .set({ revokedAt: now })
    .where(and(eq(accountLinks.userId, userId), isNull(accountLinks.usedAt), isNull(accountLinks.revokedAt)))
    .returning({ id: accountLinks.id });
  return revoked.length > 0;
}

/**
 * The link a token names and its person, while it can be used: not used, not revoked, not
 * expired, and the person not disabled. Null otherwise, whatever the reason (the page says the
 * same for each). `lock`: inside a transaction, hold the link's row until it ends.
 */
export async function usableLink(
  db: DbOrTx,
  token: string,
  options: { now?: Date; lock?: boolean } = {},
): Promise<{ link: AccountLink; user: User } | null> {
  const query = db
    .select({ link: accountLinks, user: users })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.userId))
    .where(eq(accountLinks.tokenSha256, tokenSha256(token)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: accountLinks }) : await query;
  if (!row) return null;
  const now = options.now ?? new Date();
  const { link, user } = row;
  if (link.usedAt || link.revokedAt || link.expiresAt.getTime() <= now.getTime() || user.disabledAt) {
    return null;
  }
  return row;
}

/** A person's most recent link, whatever its state: what the users list says about their password. */
export async function latestLinkOf(db: DbOrTx, userId: string): Promise<AccountLink | null> {
  const [link] = await db
    .select()
    .from(accountLinks)
    .where(eq(accountLinks.userId, userId))
    .orderBy(desc(accountLinks.createdAt))
    .limit(1);
  return link ?? null;
}
