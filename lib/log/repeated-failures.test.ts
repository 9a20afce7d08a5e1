import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { capturedLogger } from "@/test-support/captured-log";
import { RepeatedFailures } from "./repeated-failures";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("an outage in the log", () => {
  it("is its first failure with the error, a summary a minute while it lasts, and one line when it ends", () => {
    const { log, records } = capturedLogger();
    const failures = new RepeatedFailures(log, "invoice-refresher", { now: () => Date.now() });
    const down = new Error("connect ECONNREFUSED 127.0.0.1:5432");

    failures.failure("could not claim due invoices", down);
    for (let second = 1; second <= 150; second++) {
      vi.advanceTimersByTime(1_000);
      failures.failure("could not claim due invoices", down);
    }
    failures.success();

    // 151 failures over two and a half minutes: the first with its error, a summary at each of the
    // two minutes, the rest summed up when it recovers, and the recovery.
    const written = records();
    expect(written.map((record) => record.level)).toEqual([40, 40, 40, 40, 30]);
    expect(written[0]).toMatchObject({ msg: "could not claim due invoices", err: { message: down.message } });
    expect(written.filter((record) => record.err)).toHaveLength(1);
    const summed = written.slice(1, 4).map((record) => record.failures as number);
    expect(summed.reduce((sum, count) => sum + count, 0)).toBe(150);
    expect(written[4]).toMatchObject({ failures: 151 });
    expect(written[4]?.msg).toMatch(/working again/);
  });

  it("starts again with the error once a failure follows a recovery", () => {
    const { log, records } = capturedLogger();
    const failures = new RepeatedFailures(log, "sweeper");
    failures.failure("sweep failed", new Error("one"));
    failures.success();
    failures.success();
    failures.failure("sweep failed", new Error("two"));
    expect(
      records()
        .filter((record) => record.err)
        .map((record) => (record.err as Error).message),
    ).toEqual(["one", "two"]);
  });

  it("with summaryOnFailure, writes no summary once the failures stopped", () => {
    const { log, records } = capturedLogger();
    const failures = new RepeatedFailures(log, "action", { now: () => Date.now(), summaryOnFailure: true });
    for (let second = 0; second < 90; second++) {
      failures.failure("an action failed", new Error("connection refused"));
      vi.advanceTimersByTime(1_000);
    }
    const during = records().length;
    vi.advanceTimersByTime(10 * 60_000);
    expect(records()).toHaveLength(during);
    expect(records().map((record) => record.failures ?? "first")).toEqual(["first", 60]);
  });
});
