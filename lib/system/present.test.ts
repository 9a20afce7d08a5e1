import { describe, expect, it } from "vitest";
import { formatCount, formatInterval, formatUptime } from "./present";

describe("System page formats", () => {
  it("says uptime in the two largest units", () => {
    expect(formatUptime(42.9)).toBe("42 s");
    expect(formatUptime(125)).toBe("2 min 5 s");
    expect(formatUptime(3_661)).toBe("1 h 01 min");
    expect(formatUptime(3 * 86_400 + 4 * 3_600 + 59)).toBe("3 d 4 h");
  });

  it("says a loop's interval in seconds, or in minutes when whole", () => {
    expect(formatInterval(5)).toBe("5 s");
    expect(formatInterval(90)).toBe("90 s");
    expect(formatInterval(600)).toBe("10 min");
  });

  it("shows a capped count as at least the cap", () => {
    expect(formatCount(999, 1_000)).toBe("999");
    expect(formatCount(1_000, 1_000)).toBe("1000+");
  });
});
