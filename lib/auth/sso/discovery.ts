import "server-only";

const DISCOVERY_TIMEOUT_MS = 10_000;
const MAX_DISCOVERY_BYTES = 256 * 1024;

/** The parts of a provider's discovery document Paydesk relies on. */
export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

/** The issuer as providers compare it: without a trailing slash. */
const normalized = (issuer: string) => issuer.replace(/\/+$/, "");

export function discoveryUrl(issuer: string): string {
  return `${normalized(issuer)}/.well-known/openid-configuration`;
}

/**
 * Reads the provider's discovery document and checks it names this issuer, so a wrong
 * OIDC_ISSUER stops the start with words instead of failing at the first person's sign-in.
 * Throws an Error whose message says what to fix.
 */
export async function discover(issuer: string, fetchImpl: typeof fetch = fetch): Promise<Discovery> {
  const url = discoveryUrl(issuer);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `OIDC_ISSUER: could not read ${url} (${why}). Check the issuer URL and that this server reaches the provider.`,
    );
  }
  const text = await response.text();
  if (!response.ok || text.length > MAX_DISCOVERY_BYTES) {
    throw new Error(
      `OIDC_ISSUER: ${url} answered ${response.status}, not a discovery document. Is ${issuer} the provider's issuer URL?`,
    );
  }
  let document: Partial<Discovery>;
  try {
    document = JSON.parse(text) as Partial<Discovery>;
  } catch {
    throw new Error(`OIDC_ISSUER: ${url} is not JSON. Is ${issuer} the provider's issuer URL?`);
  }
  if (typeof document.issuer !== "string" || normalized(document.issuer) !== normalized(issuer)) {
    throw new Error(
      `OIDC_ISSUER is ${issuer}, but the provider calls itself ${String(document.issuer)}: set OIDC_ISSUER to that.`,
    );
  }
  for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (typeof document[key] !== "string") {
      throw new Error(`OIDC_ISSUER: the provider's discovery document has no ${key}.`);
    }
  }
  return document as Discovery;
}
