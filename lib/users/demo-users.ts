import "server-only";
import { and, inArray, isNull } from "drizzle-orm";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/record";
import type { Role } from "@/lib/auth/roles";
import { users } from "@/lib/db/schema";
import type { Db, DbOrTx } from "@/lib/db/types";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { claimForDemo } from "@/lib/start-mode/first-start-mark";

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

const SEEDED_NOTE = `Created by demo mode (PAYDESK_DEMO=1) at start, with the published password ${DEMO_PASSWORD}.`;

/**
 * Creates the demo users that are missing, never touching ones that exist (or were changed), each
 * with its audit entry in the same transaction. Refuses a database that is not the demo's own
 * (lib/start-mode/first-start-mark.ts) before creating anyone.
 */
export async function seedDemoUsers(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await claimForDemo(tx);
    const created = await tx
      .insert(users)
      .values(DEMO_USERS.map((user) => ({ ...user, passwordHash })))
      .onConflictDoNothing({ target: users.email })
      .returning();
    for (const user of created) {
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "user.created",
        object: { type: "user", id: user.id },
        after: { email: user.email, name: user.name, role: user.role, disabled: false },
        note: SEEDED_NOTE,
      });
    }
    return created.length;
  });
}

/** The demo users that are enabled and still sign in with the published password. */
export async function demoUsersWithPublishedPassword(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO_USERS.map((user) => user.email),
        ),
        isNull(users.disabledAt),
      ),
    );
  const open: string[] = [];
  for (const row of rows) {
    if (row.passwordHash && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) open.push(row.email);
  }
  return open.sort();
}
