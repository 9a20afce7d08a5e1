import { afterEach, describe, expect, it, vi } from "vitest";
import { createPollBudget } from "./poll-budget";

afterEach(() => vi.useRealTimers());

describe("the loop's polling budget", () => {
  it("grants at most its polls per second, then none until the next second", async () => {
    vi.useFakeTimers();
    const budget = createPollBudget(5);
    expect(await budget.take(3)).toMatchObject({ granted: 3 });
    expect(await budget.take(50)).toMatchObject({ granted: 2 });
    const refused = await budget.take(50);
    expect(refused.granted).toBe(0);
    expect(refused.retryInMs).toBeGreaterThan(0);
    expect(refused.retryInMs).toBeLessThanOrEqual(1_000);

    await vi.advanceTimersByTimeAsync(refused.retryInMs);
    expect(await budget.take(50)).toMatchObject({ granted: 5 });
  });

  it("takes back polls granted but not made, within the same second", async () => {
    vi.useFakeTimers();
    const budget = createPollBudget(5);
    expect(await budget.take(5)).toMatchObject({ granted: 5 });
    await budget.giveBack(4);
    expect(await budget.take(50)).toMatchObject({ granted: 4 });
    await vi.advanceTimersByTimeAsync(1_000);
    await budget.giveBack(3); // the second they came from is over: the new one holds no more than 5
    expect(await budget.take(50)).toMatchObject({ granted: 5 });
  });
});
