import ipaddr from "ipaddr.js";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { UNVERIFIED_OVERALL, UNVERIFIED_PER_ADDRESS } from "./limits";

/**
 * Rate limit for storing unverified webhook bodies: per client address and overall. Counters live
 * in this process's memory; with several instances on one PostgreSQL each keeps its own, which
 * still bounds what is stored to (instances x limit) per window.
 */
export interface UnverifiedLimiter {
  /** Counts one unverified body from `address`: 0 when it may be stored, else seconds to wait. */
  admit(address: string): Promise<number>;
}

interface Limit {
  points: number;
  durationSeconds: number;
}

export function createUnverifiedLimiter(
  perAddress: Limit = UNVERIFIED_PER_ADDRESS,
  overall: Limit = UNVERIFIED_OVERALL,
): UnverifiedLimiter {
  const byAddress = new RateLimiterMemory({
    keyPrefix: "webhook-unverified-address",
    points: perAddress.points,
    duration: perAddress.durationSeconds,
  });
  const all = new RateLimiterMemory({
    keyPrefix: "webhook-unverified-all",
    points: overall.points,
    duration: overall.durationSeconds,
  });
  return {
    async admit(address) {
      return (await waitFor(byAddress, limitKey(address))) || (await waitFor(all, "all"));
    },
  };
}

async function waitFor(limiter: RateLimiterMemory, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

/** One IPv6 client usually holds a whole /64, so it counts as one address. */
function limitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() !== "ipv6") return parsed.toString();
  return `${parsed.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}

const globalKey = Symbol.for("paydesk.webhookUnverifiedLimiter");
type GlobalWithLimiter = typeof globalThis & { [globalKey]?: UnverifiedLimiter };

/** One limiter per process, shared by every module graph Next.js loads. */
export function unverifiedLimiter(): UnverifiedLimiter {
  const store = globalThis as GlobalWithLimiter;
  store[globalKey] ??= createUnverifiedLimiter();
  return store[globalKey];
}
