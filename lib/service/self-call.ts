import "server-only";
import { createHmac } from "node:crypto";

/**
 * Paydesk's calls to its own embedded sandbox carry the origin the staff member's browser used,
 * so the sandbox builds pay_url from it instead of the loopback address of the self-call. The
 * sandbox believes that origin only next to a token derived from NEXTAUTH_SECRET, which only
 * Paydesk (every instance of it) can compute: an outsider cannot choose a pay_url origin.
 * The header names are the contract with lib/sandbox/mount.ts.
 */
export const SELF_CALL_HEADER = "x-paydesk-self-call";
export const PUBLIC_ORIGIN_HEADER = "x-paydesk-public-origin";

export function selfCallToken(secret: string | undefined = process.env.NEXTAUTH_SECRET): string | undefined {
  if (!secret) return undefined;
  return createHmac("sha256", secret).update("paydesk embedded sandbox self-call").digest("hex");
}

/** The headers that ask the embedded sandbox for pay_url on the browser's origin. */
export function selfCallHeaders(browserOrigin: string | undefined): Record<string, string> {
  const token = selfCallToken();
  if (!token || !browserOrigin) return {};
  return { [SELF_CALL_HEADER]: token, [PUBLIC_ORIGIN_HEADER]: browserOrigin };
}
