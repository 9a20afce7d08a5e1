import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Failed sign-ins are counted per email and per client IP; success clears the email's count.
 * Counters live in this process's memory: with several instances each keeps its own, which
 * still bounds guessing to (instances x limit) per window.
 */
export interface LoginLimits {
  perEmail: { points: number; durationSeconds: number };
  perIp: { points: number; durationSeconds: number };
}

export const LOGIN_LIMITS: LoginLimits = {
  perEmail: { points: 5, durationSeconds: 15 * 60 },
  perIp: { points: 30, durationSeconds: 15 * 60 },
};

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export function createLoginLimiter(limits: LoginLimits = LOGIN_LIMITS) {
  const byEmail = new RateLimiterMemory({
    keyPrefix: "login-email",
    points: limits.perEmail.points,
    duration: limits.perEmail.durationSeconds,
  });
  const byIp = new RateLimiterMemory({
    keyPrefix: "login-ip",
    points: limits.perIp.points,
    duration: limits.perIp.durationSeconds,
  });

  return {
    /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
    async retryAfterSeconds(email: string, ip: string): Promise<number> {
      const [emailState, ipState] = await Promise.all([byEmail.get(email), byIp.get(ip)]);
      const waits = [
        blockedFor(emailState, limits.perEmail.points),
        blockedFor(ipState, limits.perIp.points),
      ];
      return Math.max(...waits);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([byEmail.penalty(email), byIp.penalty(ip)]);
    },
    async recordSuccess(email: string): Promise<void> {
      await byEmail.delete(email);
    },
  };
}

function blockedFor(state: RateLimiterRes | null, points: number): number {
  if (!state || state.consumedPoints < points) return 0;
  return Math.ceil(state.msBeforeNext / 1000);
}

const globalKey = Symbol.for("paydesk.loginLimiter");
type GlobalWithLimiter = typeof globalThis & { [globalKey]?: LoginLimiter };

/** One limiter per process, shared by every module graph Next.js loads. */
export function loginLimiter(): LoginLimiter {
  const store = globalThis as GlobalWithLimiter;
  store[globalKey] ??= createLoginLimiter();
  return store[globalKey];
}

export function describeWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
