import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { clientKey } from "./client-key";
import { UNVERIFIED_PARSE_PER_ADDRESS } from "./limits";

/**
 * What parsing bodies not signed as sent may cost one client address (an IPv6 /64 counts as one):
 * bytes per window, charged before the parse and given back when the body verifies. The lossless
 * parse and the canonical re-encodings of a 450 KB body hold the event loop for 0.05–0.3 s, and
 * every other request waits behind them. Kept in each process's memory, on PostgreSQL too: the
 * cost it bounds is that process's CPU, and a shared counter would put a database round trip
 * before every parse.
 */
export interface ParseBudget {
  /** Charges `bytes` to `address`: 0 when the body may be parsed, else seconds to wait. */
  charge(address: string, bytes: number): Promise<number>;
  /** Gives back what a body that verified was charged. */
  refund(address: string, bytes: number): Promise<void>;
}

export function createParseBudget(limit = UNVERIFIED_PARSE_PER_ADDRESS): ParseBudget {
  const limiter = new RateLimiterMemory({
    keyPrefix: "webhook-parse-bytes",
    points: limit.bytes,
    duration: limit.durationSeconds,
  });
  return {
    async charge(address, bytes) {
      try {
        await limiter.consume(clientKey(address), bytes);
        return 0;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal;
      }
    },
    async refund(address, bytes) {
      const key = clientKey(address);
      // Never below nothing: a charge made in the window before would otherwise lend the next one bytes.
      const charged = (await limiter.get(key))?.consumedPoints ?? 0;
      if (charged > 0) await limiter.reward(key, Math.min(bytes, charged));
    },
  };
}

const globalKey = Symbol.for("paydesk.webhookParseBudget");
type GlobalWithBudget = typeof globalThis & { [globalKey]?: ParseBudget };

/** One budget per process, shared by every module graph Next.js loads. */
export function parseBudget(): ParseBudget {
  const store = globalThis as GlobalWithBudget;
  store[globalKey] ??= createParseBudget();
  return store[globalKey];
}
