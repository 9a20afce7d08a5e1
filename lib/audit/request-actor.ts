import "server-only";
import { headers } from "next/headers";
import type { AuditActor } from "./record";
import { requestOrigin } from "./request-origin";

/** The signed-in person behind the current request, with the address and browser they used. */
export async function requestActor(user: { id: string; email: string }): Promise<AuditActor> {
  return { kind: "user", userId: user.id, email: user.email, ...requestOrigin(await headers()) };
}
