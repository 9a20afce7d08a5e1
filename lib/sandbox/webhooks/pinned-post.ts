/**
 * POSTs a webhook to the one address that was checked, not to whatever the name resolves to a
 * moment later: the connection's DNS lookup is answered with that address, so a name that flips
 * to a private address between the check and the connection (DNS rebinding) cannot take the
 * request into the server's own network. The URL's host still goes in the Host header and, for
 * https, in SNI and the certificate check.
 */
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export interface PinnedPost {
  url: string;
  address: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/** Resolves with the reply's status code; the reply's body is discarded unread. */
export function postToAddress({ url, address, headers, body, signal }: PinnedPost): Promise<number> {
  const target = new URL(url);
  const family = ipaddr.parse(address).kind() === "ipv6" ? 6 : 4;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const options: RequestOptions = {
    method: "POST",
    headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    lookup,
    signal,
  };
  return new Promise((resolve, reject) => {
    const outgoing = send(target, options, (reply) => {
      reply.resume();
      resolve(reply.statusCode ?? 0);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
