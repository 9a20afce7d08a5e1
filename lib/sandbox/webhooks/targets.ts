/**
 * Where the embedded sandbox may send webhooks. Inside a Paydesk server, a merchant-chosen
 * webhook URL must not reach the server's own network (loopback, private ranges, link-local and
 * cloud metadata, unique-local, carrier-grade NAT…): only public unicast addresses, plus the
 * exact URLs the operator configured (Paydesk's own receiver). Hostnames are resolved, every
 * address checked, at creation and again before each delivery, and the delivery connects to the
 * address that was checked (pinned-post.ts), so a name that later resolves to a private address
 * (DNS rebinding) never reaches it.
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

/**
 * Where a webhook may go: anywhere (no policy, or a URL the operator allowed), only to one checked
 * public address, or nowhere and why.
 */
export type TargetVerdict =
  { kind: "open" } | { kind: "pinned"; address: string } | { kind: "refused"; reason: string };

export async function judgeTarget(ctx: SandboxContext, url: string): Promise<TargetVerdict> {
  const policy = ctx.webhookTargets;
  if (!policy?.publicOnly) return { kind: "open" };
  if (policy.allowedUrls.some((allowed) => normalised(allowed) === normalised(url))) return { kind: "open" };
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (ipaddr.isValid(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await ctx.resolveHost(hostname);
    } catch {
      return { kind: "refused", reason: "unresolvable host" };
    }
  }
  const [first] = addresses;
  if (!first) return { kind: "refused", reason: "unresolvable host" };
  if (!addresses.every(isPublicAddress)) return { kind: "refused", reason: "private address" };
  return { kind: "pinned", address: first };
}

/** 422 on the field when the URL points into a private network (a name that does not resolve yet passes). */
export async function checkWebhookUrlField(
  ctx: SandboxContext,
  field: string,
  url: string | null | undefined,
) {
  if (!url) return;
  const verdict = await judgeTarget(ctx, url);
  if (verdict.kind === "refused" && verdict.reason === "private address") {
    throw validationError({
      [field]: [
        `The ${field.replace(/_/g, " ")} must not point to a loopback, private or link-local address.`,
      ],
    });
  }
}
