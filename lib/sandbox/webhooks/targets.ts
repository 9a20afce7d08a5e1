/**
 * Where the embedded sandbox may send webhooks. Inside a Paydesk server, a merchant-chosen
 * webhook URL must not reach the server's own network (loopback, private ranges, link-local and
 * cloud metadata, unique-local, carrier-grade NAT…): only public unicast addresses, plus the
 * exact URLs the operator configured (Paydesk's own receiver). Hostnames are resolved, every
 * address checked, at creation and again before each delivery, so a name that later resolves
 * to a private address (DNS rebinding) is refused then.
 */
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import type { ResolveHost, SandboxContext } from "../context";
import { validationError } from "../errors";

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Only "unicast" is public: ipaddr.js names every special range (and unwraps IPv4-mapped IPv6). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const normalised = (url: string) => new URL(url).href;

/** Why the URL may not be a webhook target, or null when it may. */
export async function refusedTarget(ctx: SandboxContext, url: string): Promise<string | null> {
  const policy = ctx.webhookTargets;
  if (!policy?.publicOnly) return null;
  if (policy.allowedUrls.some((allowed) => normalised(allowed) === normalised(url))) return null;
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (ipaddr.isValid(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await ctx.resolveHost(hostname);
    } catch {
      return "unresolvable host";
    }
  }
  if (addresses.length === 0) return "unresolvable host";
  return addresses.every(isPublicAddress) ? null : "private address";
}

/** 422 on the field when the URL points into a private network (a name that does not resolve yet passes). */
export async function checkWebhookUrlField(
  ctx: SandboxContext,
  field: string,
  url: string | null | undefined,
) {
  if (!url) return;
  const refusal = await refusedTarget(ctx, url);
  if (refusal === "private address") {
    throw validationError({
      [field]: [
        `The ${field.replace(/_/g, " ")} must not point to a loopback, private or link-local address.`,
      ],
    });
  }
}
