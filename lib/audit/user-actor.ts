import "server-only";
import { eq } from "drizzle-orm";
import { headers } from "next/headers";
import { users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { AuditActor } from "./record";
import { requestOrigin } from "./request-origin";

/**
 * A person as the audit log records them, from their id: their email now, and the address and
 * browser of the request being served. Outside a request (the command line) those stay empty.
 */
export async function userActor(db: DbOrTx, userId: string): Promise<AuditActor> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  let origin: Pick<AuditActor, "clientAddress" | "userAgent"> = { clientAddress: null, userAgent: null };
  try {
    origin = requestOrigin(await headers());
  } catch {
    // Not serving a request: nothing to add.
  }
  return { kind: "user", userId, email: user?.email ?? null, ...origin };
}
