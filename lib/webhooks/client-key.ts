import ipaddr from "ipaddr.js";

/** The key a client address is limited by: one IPv6 client usually holds a whole /64, so it counts as one. */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() !== "ipv6") return parsed.toString();
  return `${parsed.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}
