import { describe, expect, it } from "vitest";
import { createParseBudget } from "./parse-budget";

const limit = { bytes: 1_000, durationSeconds: 60 };

describe("the budget of parse work per address", () => {
  it("admits bytes up to the limit per address, then gives the seconds to wait", async () => {
    const budget = createParseBudget(limit);
    expect(await budget.charge("192.0.2.1", 600)).toBe(0);
    expect(await budget.charge("::ffff:192.0.2.1", 400)).toBe(0);
    const wait = await budget.charge("192.0.2.1", 1);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await budget.charge("192.0.2.2", 1_000)).toBe(0);
  });

  it("counts an IPv6 /64 as one client", async () => {
    const budget = createParseBudget(limit);
    expect(await budget.charge("2001:db8:0:1::1", 1_000)).toBe(0);
    expect(await budget.charge("2001:db8:0:1:ffff::2", 1)).toBeGreaterThan(0);
    expect(await budget.charge("2001:db8:0:2::1", 1)).toBe(0);
  });

  it("takes back what it gives back: a refund restores a charge, and never lends beyond the limit", async () => {
    const budget = createParseBudget(limit);
    await budget.refund("192.0.2.1", 5_000);
    expect(await budget.charge("192.0.2.1", 900)).toBe(0);
    await budget.refund("192.0.2.1", 900);
    expect(await budget.charge("192.0.2.1", 1_000)).toBe(0);
    expect(await budget.charge("192.0.2.1", 1)).toBeGreaterThan(0);
  });
});
