import { afterEach, describe, expect, it, vi } from "vitest";
import { failureMessage } from "@/lib/log/failure-message";
import { runInRequestContext } from "@/lib/log/request-context";
import { capturedLogger } from "@/test-support/captured-log";
import { PeriodicJob } from "./periodic-job";

class CountingJob extends PeriodicJob<{ done: number }> {
  rounds = 0;
  release: (() => void) | null = null;
  constructor(
    intervalMs: number,
    private readonly full: (round: number) => boolean = () => false,
  ) {
    super("counting", intervalMs);
  }
  protected filledBatch(): boolean {
    return this.full(this.rounds);
  }
  protected async round() {
    this.rounds++;
    await new Promise<void>((resolve) => (this.release = resolve));
    return { done: this.rounds };
  }
}

afterEach(() => vi.useRealTimers());

describe("PeriodicJob", () => {
  it("joins a round already running instead of starting another", async () => {
    const job = new CountingJob(1_000);
    const first = job.runOnce();
    const second = job.runOnce();
    expect(second).toBe(first);
    job.release?.();
    expect(await first).toEqual({ done: 1 });
    expect(job.rounds).toBe(1);
  });

  it("runs every interval, at once after a full batch, and stop waits for the round", async () => {
    vi.useFakeTimers();
    const job = new CountingJob(1_000, (round) => round === 1);
    job.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(job.rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.rounds).toBe(1);
    job.release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.rounds).toBe(2); // the first round filled its batch
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    job.release?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.rounds).toBe(2);
  });

  it("lets a job choose when its next round starts (the invoice loop: when its polling budget refills)", async () => {
    vi.useFakeTimers();
    class WaitingJob extends CountingJob {
      protected delayAfter(): number {
        return 250;
      }
    }
    const job = new WaitingJob(1_000, () => true);
    job.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.rounds).toBe(1);
    job.release?.();
    await vi.advanceTimersByTimeAsync(249);
    expect(job.rounds).toBe(1); // a full batch, yet it waits as it chose
    await vi.advanceTimersByTimeAsync(1);
    expect(job.rounds).toBe(2);
    job.release?.();
    await job.stop();
  });

  it("records when it started, when the round in progress began and when the last one finished", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const job = new CountingJob(1_000);
    expect(job.liveness()).toEqual({
      name: "counting",
      intervalMs: 1_000,
      startedAt: null,
      lastRoundFinishedAt: null,
      roundRunningSince: null,
      lastSuccessAt: null,
      lastFailure: null,
    });
    job.start();
    expect(job.liveness().startedAt).toBe(1_000_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.liveness()).toMatchObject({ roundRunningSince: 1_001_000, lastRoundFinishedAt: null });
    await vi.advanceTimersByTimeAsync(400);
    job.release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.liveness()).toMatchObject({ roundRunningSince: null, lastRoundFinishedAt: 1_001_400 });
    await job.stop();
    expect(job.liveness()).toMatchObject({ startedAt: null, lastRoundFinishedAt: 1_001_400 });
  });

  it("records a round run by runOnce too", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000);
    const job = new CountingJob(1_000);
    const round = job.runOnce();
    expect(job.liveness().roundRunningSince).toBe(5_000);
    job.release?.();
    await round;
    expect(job.liveness()).toMatchObject({ roundRunningSince: null, lastRoundFinishedAt: 5_000 });
  });

  it("keeps the last error a round recorded: when, and its message's first line only", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(7_000);
    class FailingJob extends PeriodicJob<null> {
      constructor(private readonly errors: unknown[]) {
        super("failing", 1_000);
      }
      protected filledBatch(): boolean {
        return false;
      }
      protected async round() {
        for (const error of this.errors) this.recordFailure(error);
        return null;
      }
    }
    const quiet = new FailingJob([]);
    await quiet.runOnce();
    expect(quiet.liveness().lastFailure).toBeNull();
    const job = new FailingJob([
      new Error("first"),
      new Error("connect ECONNREFUSED 10.0.0.5:5432\n    at TCPConnectWrap (node:net:1)"),
    ]);
    await job.runOnce();
    expect(job.liveness().lastFailure).toEqual({ at: 7_000, message: "connect ECONNREFUSED 10.0.0.5:5432" });
  });

  it("logs an outage's first failure with its error, then only counts, and says when it works again", async () => {
    const { log, records } = capturedLogger();
    class FlakyJob extends PeriodicJob<null> {
      down = true;
      constructor() {
        super("flaky", 1_000, log);
      }
      protected filledBatch(): boolean {
        return false;
      }
      protected async round() {
        if (this.down) this.failed("could not reach the database", new Error("ECONNREFUSED"));
        return null;
      }
    }
    const job = new FlakyJob();
    for (let round = 0; round < 20; round++) await job.runOnce();
    job.down = false;
    await job.runOnce();
    const warnings = records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({
      msg: "could not reach the database",
      err: { message: "ECONNREFUSED" },
    });
    expect(warnings[1]).toMatchObject({ failures: 19 });
    expect(records().filter((record) => record.level === 30)).toMatchObject([{ failures: 20 }]);
    expect(records().filter((record) => record.level === 20)).toHaveLength(21);
  });

  it("writes no request id in a round's lines, even when a request started the loop or asked for a round", async () => {
    vi.useFakeTimers();
    const { log, records } = capturedLogger();
    class TalkingJob extends PeriodicJob<null> {
      constructor() {
        super("talking", 1_000, log);
      }
      protected filledBatch(): boolean {
        return false;
      }
      protected async round() {
        log.info("a round's line");
        return null;
      }
    }
    const job = new TalkingJob();
    runInRequestContext({ requestId: "an-unrelated-request" }, () => job.start());
    await vi.advanceTimersByTimeAsync(3_000);
    await runInRequestContext({ requestId: "another-request" }, () => job.runOnce());
    await vi.advanceTimersByTimeAsync(2_000);
    await job.stop();
    const rounds = records().filter((record) => record.msg === "a round's line");
    expect(rounds.length).toBeGreaterThanOrEqual(5);
    expect(rounds.filter((record) => "reqId" in record)).toEqual([]);
  });

  it("records when a round last passed without a failure", async () => {
    class HalfJob extends PeriodicJob<null> {
      fail = false;
      constructor() {
        super("half", 1_000, capturedLogger().log);
      }
      protected filledBatch(): boolean {
        return false;
      }
      protected async round() {
        if (this.fail) this.failed("failed", new Error("no"));
        return null;
      }
    }
    const job = new HalfJob();
    expect(job.liveness().lastSuccessAt).toBeNull();
    await job.runOnce();
    const passed = job.liveness().lastSuccessAt;
    expect(passed).toEqual(job.liveness().lastRoundFinishedAt);
    job.fail = true;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await job.runOnce();
    expect(job.liveness().lastSuccessAt).toBe(passed);
    expect(job.liveness().lastRoundFinishedAt).toBeGreaterThan(passed ?? Infinity);
  });
});

describe("failureMessage", () => {
  it("cuts a long message to 300 characters and names an error with no message", () => {
    expect(failureMessage(new Error("x".repeat(1_000)))).toHaveLength(300);
    expect(failureMessage(new TypeError(""))).toBe("TypeError");
    expect(failureMessage("plain text\nsecond line")).toBe("plain text");
  });
});
