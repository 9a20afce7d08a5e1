import "server-only";
import type { Role } from "@/lib/auth/roles";
import { users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { hashPassword } from "@/lib/auth/password";

export const DEMO_PASSWORD = "paydesk-demo";

export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; role: Role }> = [
  { email: "admin@example.com", name: "Ada Admin", role: "admin" },
  // A second admin, so that changes waiting for one (dual control) can be approved in the demo.
  { email: "admin2@example.com", name: "Abe Admin", role: "admin" },
  { email: "support@example.com", name: "Sam Support", role: "support" },
  { email: "finance@example.com", name: "Fran Finance", role: "finance" },
  { email: "finance2@example.com", name: "Felix Finance", role: "finance" },
  { email: "viewer@example.com", name: "Vic Viewer", role: "viewer" },
];

/** Creates the demo users that are missing; never touches ones that exist (or were changed). */
export async function seedDemoUsers(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const inserted = await db
    .insert(users)
    .values(DEMO_USERS.map((user) => ({ ...user, passwordHash })))
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length;
}
