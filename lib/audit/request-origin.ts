import "server-only";
import { clientAddress } from "@/lib/client-address";
import { serverEnv } from "@/lib/env";

const USER_AGENT_LIMIT = 512;

type HeaderBag = Parameters<typeof clientAddress>[0];

/** Where a request came from, as the audit log records it: the client's address and browser. */
export function requestOrigin(headers: HeaderBag): { clientAddress: string; userAgent: string | null } {
  const raw = headers instanceof Headers ? headers.get("user-agent") : headers?.["user-agent"];
  const agent = Array.isArray(raw) ? raw[0] : raw;
  return {
    clientAddress: clientAddress(headers, serverEnv().TRUST_PROXY),
    userAgent: typeof agent === "string" ? agent.slice(0, USER_AGENT_LIMIT) : null,
  };
}
