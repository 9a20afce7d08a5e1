/**
 * The WebAuthn relying party: the site a passkey belongs to. Its id is the hostname of the public
 * URL people open (NEXTAUTH_URL; never PAYDESK_URL, which is where the server reaches itself), and the origin the browser reports must be that
 * URL's. Without one (a demo or a developer's machine) the request's own host stands in. WebAuthn
 * refuses an IP address as the id: open Paydesk by a name (localhost, not 127.0.0.1).
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const RP_NAME = "Paydesk";

export function relyingPartyOf(
  env: Record<string, string | undefined>,
  request: { host: string | null | undefined; forwardedProto?: string | null },
): RelyingParty | null {
  const configured = env.NEXTAUTH_URL?.trim();
  const base = configured || (request.host ? `${protocolOf(request.forwardedProto)}://${request.host}` : "");
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return { id: url.hostname, name: RP_NAME, origin: url.origin };
}

function protocolOf(forwarded: string | null | undefined): "http" | "https" {
  return forwarded?.split(",")[0]?.trim().toLowerCase() === "https" ? "https" : "http";
}

/** Why a passkey cannot work on this address, in words for the person, or null when it can. */
export function relyingPartyProblem(rp: RelyingParty | null): string | null {
  if (!rp) return "Passkeys are not available: the server's public address (NEXTAUTH_URL) is not a URL.";
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(rp.id) || rp.id.startsWith("["))
    return `Passkeys do not work on an IP address (${rp.id}). Open Paydesk by its name, for example http://localhost instead of http://127.0.0.1.`;
  return null;
}
