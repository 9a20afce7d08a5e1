import "server-only";
import { getServerSession } from "next-auth";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { findUserById } from "./user-lookup";
import { authOptions } from "./options";

export type CurrentUser = Pick<User, "id" | "email" | "name" | "role">;

export type SessionState =
  | { status: "signed-out" }
  /** Signed in with a token, but the account was disabled or deleted since. */
  | { status: "revoked" }
  | { status: "active"; user: CurrentUser };

/** The session's user as the database sees them now, not as the token remembers them. */
export async function readSession(): Promise<SessionState> {
  const session = await getServerSession(authOptions());
  if (!session?.userId) return { status: "signed-out" };
  const user = await findUserById(await getDb(), session.userId);
  if (!user || user.disabledAt) return { status: "revoked" };
  return { status: "active", user: { id: user.id, email: user.email, name: user.name, role: user.role } };
}
