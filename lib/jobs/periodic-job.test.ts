import { afterEach, describe, expect, it, vi } from "vitest";
import { PeriodicJob } from "./periodic-job";

class CountingJob extends PeriodicJob<{ done: number }> {
  rounds = 0;
  release: (() => void) | null = null;
  constructor(
    intervalMs: number,
    private readonly full: (round: number) => boolean = () => false,
  ) {
    super(intervalMs);
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
});
