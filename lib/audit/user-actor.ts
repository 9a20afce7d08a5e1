import "server-only";
import { eq } from "drizzle-orm";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/client-address";
import { users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import type { AuditActor } from "./record";

const USER_AGENT_LIMIT = 512;

/**
 * A person as the audit log records them, from their id: their email now, and the address and
 * browser of the request being served. Outside a request (the command line) those stay empty.
 */
export async function userActor(db: DbOrTx, userId: string): Promise<AuditActor> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  let address: string | null = null;
  let userAgent: string | null = null;
  try {
    const requestHeaders = await headers();
    address = clientAddress(requestHeaders, serverEnv().TRUST_PROXY);
    userAgent = requestHeaders.get("user-agent")?.slice(0, USER_AGENT_LIMIT) ?? null;
  } catch {
    // Not serving a request: nothing to add.
  }
  return { kind: "user", userId, email: user?.email ?? null, clientAddress: address, userAgent };
}
