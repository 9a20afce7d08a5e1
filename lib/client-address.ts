import "server-only";
import ipaddr from "ipaddr.js";

/**
 * The address a request came from, for rate limits and the audit trail. Without a proxy it is the
 * TCP peer, which the server stamps on every request (lib/http/observe-requests.ts); a client cannot forge it.
 * Behind proxies (TRUST_PROXY = how many), each proxy appends the address it saw to
 * X-Forwarded-For, so the client is the right-most hop none of ours appended; anything further
 * left was written by the client and is ignored.
 */
export const PEER_ADDRESS_HEADER = "x-paydesk-peer-address";

type HeaderBag = Headers | Record<string, string | string[] | undefined> | undefined;

export function clientAddress(headers: HeaderBag, trustedProxies: number): string {
  const peer = normalise(readHeader(headers, PEER_ADDRESS_HEADER)) ?? "unknown";
  if (trustedProxies <= 0) return peer;
  const hops = (readHeader(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const client = hops[hops.length - trustedProxies];
  // Fewer hops than proxies: the request did not come through them all, so only the peer is known.
  return normalise(client) ?? peer;
}

/**
 * Whether a request reached Paydesk through the proxies TRUST_PROXY counts, so that what the nearest
 * one says about it (its X-Request-Id) can be believed: the TCP peer is on a loopback or private
 * network, where a proxy of yours stands and a client from the internet cannot, and every proxy
 * appended its hop to X-Forwarded-For. A client that reaches the port directly is neither.
 */
export function cameThroughTrustedProxy(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): boolean {
  if (trustedProxies <= 0) return false;
  const peerAddress = normalise(peer);
  if (!peerAddress || !PROXY_NETWORKS.has(ipaddr.parse(peerAddress).range())) return false;
  const hops = (forwardedFor ?? "").split(",").filter((hop) => hop.trim());
  return hops.length >= trustedProxies;
}

const PROXY_NETWORKS = new Set(["loopback", "private", "uniqueLocal", "linkLocal", "carrierGradeNat"]);

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client; anything that is not an address is dropped. */
function normalise(address: string | undefined): string | undefined {
  if (!address || !ipaddr.isValid(address)) return undefined;
  return ipaddr.process(address).toString();
}

function readHeader(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
