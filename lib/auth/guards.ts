import "server-only";
import { forbidden, redirect } from "next/navigation";
import { readSession, type CurrentUser } from "./current-user";
import { can, type Action } from "./permissions";
import { ENROLL_PATH } from "./two-factor/policy";

export const END_SESSION_PATH = "/api/session/end";

/**
 * For pages: the active user, or a redirect to sign-in (or out, if the account was revoked), or to
 * two-factor enrollment for admin and finance who have not enrolled (outside demo mode). Only the
 * enrollment page itself passes `duringEnrollment`.
 */
export async function requireUser(options: { duringEnrollment?: boolean } = {}): Promise<CurrentUser> {
  const state = await readSession();
  if (state.status === "signed-out") redirect("/login");
  if (state.status === "revoked") redirect(`${END_SESSION_PATH}?reason=disabled`);
  if (state.status === "must-enroll" && !options.duringEnrollment) redirect(ENROLL_PATH);
  return state.user;
}

/**
 * For pages: as requireUser, and the 403 page when the role may not do `action`. The two-factor
 * settings page (its own permission) is the one page a user who must enroll can open.
 */
export async function requirePermission(action: Action): Promise<CurrentUser> {
  const user = await requireUser({ duringEnrollment: action === "account:manage" });
  if (!can(user.role, action)) forbidden();
  return user;
}
