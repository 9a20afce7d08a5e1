import { describe, expect, it } from "vitest";
import type { LoopLiveness } from "@/lib/jobs/periodic-job";
import { loopTrouble, troubledLoops } from "./at-a-glance";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const loop = (over: Partial<LoopLiveness> = {}): LoopLiveness => ({
  name: "invoice-refresh",
  intervalMs: 10_000,
  startedAt: NOW - 3_600_000,
  lastRoundFinishedAt: NOW - 5_000,
  roundRunningSince: null,
  lastSuccessAt: null,
  lastFailure: null,
  ...over,
});

describe("a background loop at a glance", () => {
  it("is well when it runs, finished a round within its intervals, and has no recent error", () => {
    expect(loopTrouble(loop(), NOW)).toBeNull();
    // An error long ago, with rounds since, is history (the System page still shows it).
    expect(loopTrouble(loop({ lastFailure: { at: NOW - 600_000, message: "timeout" } }), NOW)).toBeNull();
    // A long round in progress is not late.
    expect(
      loopTrouble(loop({ lastRoundFinishedAt: NOW - 60_000, roundRunningSince: NOW - 59_000 }), NOW),
    ).toBeNull();
  });

  it("needs a look when stopped, failing lately, or late", () => {
    expect(loopTrouble(loop({ startedAt: null }), NOW)).toBe("stopped");
    expect(loopTrouble(loop({ lastFailure: { at: NOW - 30_000, message: "connection refused" } }), NOW)).toBe(
      "failed: connection refused",
    );
    expect(loopTrouble(loop({ lastRoundFinishedAt: NOW - 31_000 }), NOW)).toBe(
      "late: no round finished recently",
    );
    expect(loopTrouble(loop({ lastRoundFinishedAt: null, startedAt: NOW - 31_000 }), NOW)).toBe(
      "late: no round finished recently",
    );
  });

  it("lists only the loops that need a look, out of how many", () => {
    expect(troubledLoops(null, NOW)).toBeNull();
    expect(troubledLoops([loop(), loop({ name: "webhook-sweep", startedAt: null })], NOW)).toEqual({
      total: 2,
      troubled: [{ name: "webhook-sweep", why: "stopped" }],
    });
  });
});
