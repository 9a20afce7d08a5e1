import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/client-address";
import { serverEnv } from "@/lib/env";
import type { AuditActor } from "./record";

const USER_AGENT_LIMIT = 512;

/** The signed-in person behind the current request, with the address and browser they used. */
export async function requestActor(user: { id: string; email: string }): Promise<AuditActor> {
  const requestHeaders = await headers();
  return {
    kind: "user",
    userId: user.id,
    email: user.email,
    clientAddress: clientAddress(requestHeaders, serverEnv().TRUST_PROXY),
    userAgent: requestHeaders.get("user-agent")?.slice(0, USER_AGENT_LIMIT) ?? null,
  };
}
