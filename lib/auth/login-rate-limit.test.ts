import { describe, expect, it } from "vitest";
import { createLoginLimiter, describeWait } from "./login-rate-limit";

const limits = { perEmail: { points: 3, durationSeconds: 60 }, perIp: { points: 5, durationSeconds: 60 } };

describe("login rate limiting", () => {
  it("allows attempts until an email reaches its failure limit", async () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfterSeconds("a@example.com", "ip-1")).toBe(0);
      await limiter.recordFailure("a@example.com", "ip-1");
    }
    const wait = await limiter.retryAfterSeconds("a@example.com", "ip-2");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it("keeps emails apart", async () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 3; i++) await limiter.recordFailure("a@example.com", `ip-${i}`);
    expect(await limiter.retryAfterSeconds("b@example.com", "ip-9")).toBe(0);
  });

  it("limits one address guessing across many emails", async () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 5; i++) await limiter.recordFailure(`user${i}@example.com`, "ip-1");
    expect(await limiter.retryAfterSeconds("fresh@example.com", "ip-1")).toBeGreaterThan(0);
    expect(await limiter.retryAfterSeconds("fresh@example.com", "ip-2")).toBe(0);
  });

  it("clears an email's failures after a successful sign-in", async () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 2; i++) await limiter.recordFailure("a@example.com", "ip-1");
    await limiter.recordSuccess("a@example.com");
    await limiter.recordFailure("a@example.com", "ip-2");
    await limiter.recordFailure("a@example.com", "ip-2");
    expect(await limiter.retryAfterSeconds("a@example.com", "ip-3")).toBe(0);
  });

  it("describes the wait in words", () => {
    expect(describeWait(30)).toBe("a minute");
    expect(describeWait(600)).toBe("10 minutes");
  });
});
