import { RateLimiterMemory } from "rate-limiter-flexible";

/**
 * How many invoice polls the background loop may make, per process: PAYDESK_POLL_BUDGET_PER_SECOND
 * a second, so a long tail of invoices polled after expiry cannot flood the service. The loop takes
 * from it before claiming (oldest due first), so what it cannot poll now stays due for the next
 * round instead of being leased and left waiting. Webhook refreshes do not count against it.
 */
export interface PollBudget {
  /** Takes up to `wanted` polls: how many are granted now, and in how long more will be. */
  take(wanted: number): Promise<{ granted: number; retryInMs: number }>;
  /** Returns polls taken but not made (fewer invoices were due than granted). */
  giveBack(unused: number): Promise<void>;
}

const KEY = "polls";

export function createPollBudget(perSecond: number): PollBudget {
  const limiter = new RateLimiterMemory({ keyPrefix: "invoice-polls", points: perSecond, duration: 1 });
  return {
    async take(wanted) {
      const second = await limiter.get(KEY);
      const granted = Math.max(0, Math.min(wanted, second ? second.remainingPoints : perSecond));
      if (granted === 0) return { granted, retryInMs: Math.max(1, second?.msBeforeNext ?? 0) };
      const taken = await limiter.consume(KEY, granted);
      return { granted, retryInMs: Math.max(1, taken.msBeforeNext) };
    },
    async giveBack(unused) {
      // Only into the second they were taken from: a new second starts full anyway.
      if (unused > 0 && (await limiter.get(KEY))) await limiter.reward(KEY, unused);
    },
  };
}
