import "server-only";

type HeaderBag = Headers | Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address for rate limiting. Forwarded headers are believed only behind a proxy
 * we were told about (TRUST_PROXY), since anyone can send them.
 */
export function clientIp(headers: HeaderBag, trustProxy: boolean): string {
  if (!trustProxy) return "direct";
  const forwarded = readHeader(headers, "x-forwarded-for");
  return forwarded?.split(",")[0]?.trim() || readHeader(headers, "x-real-ip") || "unknown";
}

function readHeader(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
