import "server-only";
import type { Facts } from "@/lib/changes/handler";
import { ssoForPages } from "@/lib/auth/sso/config";
import type { Tx } from "@/lib/db/types";
import { issueAccountLink, latestLinkOf, type NewAccountLink } from "./account-links";
import { lockUserOrThrow, writeDisabled } from "./manage-users";

/**
 * Enables a disabled user. Disabling revoked their live invitation or reset link for good, so
 * someone who still has no password gets a new link: an invitation if they never chose one, a
 * password reset if theirs was reset. It is emailed to them like any such link, and handed once
 * to the admin who enabled them (or approved it). Someone with a password gets none, and nobody where single sign-on is required. Records
 * nothing: the caller's audit entry carries `after`, which names the new link.
 */
export async function writeEnabled(
  tx: Tx,
  activeAdminIds: string[],
  userId: string,
  createdBy: string | null,
): Promise<{ before: Facts; after: Facts; link: NewAccountLink | null }> {
  const { before, after } = await writeDisabled(tx, activeAdminIds, userId, false);
  const user = await lockUserOrThrow(tx, userId);
  // Where single sign-on is required, nobody needs a link: they sign in with the provider.
  if (user.passwordHash !== null || ssoForPages()?.required) return { before, after, link: null };
  const kind = (await latestLinkOf(tx, userId))?.kind === "password_reset" ? "password_reset" : "invitation";
  const link = await issueAccountLink(tx, { userId, kind, createdBy });
  const expiry = kind === "invitation" ? "invitationExpiresAt" : "linkExpiresAt";
  return { before, after: { ...after, newLink: kind, [expiry]: link.expiresAt.toISOString() }, link };
}
