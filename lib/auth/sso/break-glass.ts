import "server-only";
import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { accountLinks, type User } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { ssoConfig } from "./config";

/** How long a password chosen through a break-glass link signs its admin in while SSO is required. */
export const BREAK_GLASS_HOURS = 24;

/**
 * While single sign-on is required, the one way in with a password: an admin whose password was
 * chosen, within the last BREAK_GLASS_HOURS, through a reset link made on the server's command line
 * (`npm run user:break-glass`), for when the provider is down or misconfigured. A link an admin
 * made in Paydesk does not count: break-glass needs access to the server.
 */
export async function mayUsePasswordWhileSsoRequired(
  db: DbOrTx,
  user: Pick<User, "id" | "role">,
  now = new Date(),
): Promise<boolean> {
  if (user.role !== "admin") return false;
  const since = new Date(now.getTime() - BREAK_GLASS_HOURS * 3_600_000);
  const [used] = await db
    .select({ id: accountLinks.id })
    .from(accountLinks)
    .where(
      and(
        eq(accountLinks.userId, user.id),
        eq(accountLinks.kind, "password_reset"),
        isNull(accountLinks.createdBy),
        isNotNull(accountLinks.usedAt),
        gt(accountLinks.usedAt, since),
      ),
    )
    .orderBy(desc(accountLinks.usedAt))
    .limit(1);
  return used !== undefined;
}

/**
 * Whether this person's password proves who they are here: not while single sign-on is required
 * (but for a break-glass admin), when only a fresh sign-in with the company's provider does.
 */
export async function passwordCounts(
  db: DbOrTx,
  user: Pick<User, "id" | "role">,
  ssoRequired: boolean = ssoConfig()?.required ?? false,
  now = new Date(),
): Promise<boolean> {
  return !ssoRequired || mayUsePasswordWhileSsoRequired(db, user, now);
}

export function passwordSignInOff(providerName: string): string {
  return `Password sign-in is turned off here: sign in with ${providerName}. (An admin locked out can get a break-glass link from the server's command line.)`;
}
