import { describe, expect, it } from "vitest";
import { formatExpiry } from "./list-format";

const now = new Date("2025-01-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const open = (expiresAt: Date | null) => ({ expiresAt, isFinal: false, status: "open" });

describe("formatExpiry", () => {
  it.each([
    [null, "—"],
    [at(12 * 60_000 + 5_000), "in 12 min"],
    [at(30_000), "in < 1 min"],
    [at(-3 * 3_600_000 - 60_000), "expired 3 h ago"],
    [at(47 * 3_600_000), "in 47 h"],
    [at(-5 * 86_400_000), "expired 5 d ago"],
  ])("an open invoice: %s → %s", (expiresAt, label) => {
    expect(formatExpiry(open(expiresAt), now)).toBe(label);
  });

  it("a paid or otherwise final invoice no longer counts down", () => {
    for (const status of ["paid", "overpaid", "underpaid", "failed"]) {
      expect(formatExpiry({ expiresAt: at(3_600_000), isFinal: true, status }, now), status).toBe("—");
    }
  });

  it("an expired invoice says when it expired", () => {
    expect(formatExpiry({ expiresAt: at(-3_600_000), isFinal: true, status: "expired" }, now)).toBe(
      "expired 1 h ago",
    );
  });
});
