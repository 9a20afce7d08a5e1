import { describe, expect, it } from "vitest";
import { createUnverifiedLimiter } from "./unverified-limiter";

describe("the unverified webhook limiter", () => {
  it("admits a number per address, then gives the seconds to wait", async () => {
    const limiter = createUnverifiedLimiter({ perAddress: { points: 2, durationSeconds: 60 } });
    expect(await limiter.admit("192.0.2.1")).toBe(0);
    expect(await limiter.admit("::ffff:192.0.2.1")).toBe(0);
    const wait = await limiter.admit("192.0.2.1");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.admit("192.0.2.2")).toBe(0);
  });

  it("counts an IPv6 /64 as one client", async () => {
    const limiter = createUnverifiedLimiter({ perAddress: { points: 1, durationSeconds: 60 } });
    expect(await limiter.admit("2001:db8:0:1::1")).toBe(0);
    expect(await limiter.admit("2001:db8:0:1:ffff::2")).toBeGreaterThan(0);
    expect(await limiter.admit("2001:db8:0:2::1")).toBe(0);
  });

  it("caps all addresses together", async () => {
    const limiter = createUnverifiedLimiter({ overall: { points: 2, durationSeconds: 60 } });
    expect(await limiter.admit("192.0.2.1")).toBe(0);
    expect(await limiter.admit("192.0.2.2")).toBe(0);
    expect(await limiter.admit("192.0.2.3")).toBeGreaterThan(0);
  });
});
