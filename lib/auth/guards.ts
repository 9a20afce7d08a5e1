import "server-only";
import { forbidden, redirect } from "next/navigation";
import { readSession, type CurrentUser } from "./current-user";
import { can, type Action } from "./permissions";

export const END_SESSION_PATH = "/api/session/end";

/** For pages: the active user, or a redirect to sign-in (or out, if the account was revoked). */
export async function requireUser(): Promise<CurrentUser> {
  const state = await readSession();
  if (state.status === "signed-out") redirect("/login");
  if (state.status === "revoked") redirect(`${END_SESSION_PATH}?reason=disabled`);
  return state.user;
}

/** For pages: as requireUser, and the 403 page when the role may not do `action`. */
export async function requirePermission(action: Action): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user.role, action)) forbidden();
  return user;
}
