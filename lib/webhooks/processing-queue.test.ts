import { describe, expect, it } from "vitest";
import {
  drainWebhookProcessing,
  processingConcurrency,
  queuePolledRefreshes,
  QUIET_WAIT_MS,
  queueWebhookProcessing,
  webhookProcessingBacklog,
  whileAnswering,
} from "./processing-queue";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("how many refreshes run at once", () => {
  it("is one on PGlite, whose statements share this process's event loop, and three on PostgreSQL", () => {
    expect(processingConcurrency({})).toBe(1);
    expect(processingConcurrency({ DATABASE_URL: "postgres://paydesk@db/paydesk" })).toBe(3);
  });
});

describe("the webhook processing queue", () => {
  it("works a burst through a few at a time, and drains before a shutdown", async () => {
    let running = 0;
    let mostAtOnce = 0;
    const done: number[] = [];
    for (let i = 0; i < 20; i++) {
      expect(
        queueWebhookProcessing(async () => {
          mostAtOnce = Math.max(mostAtOnce, ++running);
          await later(2);
          running--;
          done.push(i);
        }),
      ).toBe(true);
    }
    expect(webhookProcessingBacklog()).toBe(20);
    expect(await drainWebhookProcessing(5_000)).toBe(true);
    expect(done).toHaveLength(20);
    expect(mostAtOnce).toBe(processingConcurrency());
    expect(webhookProcessingBacklog()).toBe(0);
  });

  it("gives up waiting after the time allowed and drops what has not started (the sweep has it)", async () => {
    let started = 0;
    for (let i = 0; i < 10; i++) {
      queueWebhookProcessing(async () => {
        started++;
        await later(100);
      });
    }
    expect(await drainWebhookProcessing(50)).toBe(false);
    await later(150);
    expect(started).toBe(processingConcurrency());
    expect(await drainWebhookProcessing(1_000)).toBe(true);
  });
});

describe("the background loop's polls in the same queue", () => {
  it("run after every webhook waiting, even webhooks that arrive after them", async () => {
    const order: string[] = [];
    const work = (name: string) => async () => {
      await later(2);
      order.push(name);
    };
    // Fill what runs at once, so that everything after waits in the queue.
    for (let i = 0; i < processingConcurrency(); i++) queueWebhookProcessing(work("running"));
    const polls = queuePolledRefreshes(["a", "b"], (name) => work(`poll ${name}`)());
    queueWebhookProcessing(work("webhook 1"));
    queueWebhookProcessing(work("webhook 2"));
    await polls;
    expect(order.filter((name) => name !== "running")).toEqual([
      "webhook 1",
      "webhook 2",
      "poll a",
      "poll b",
    ]);
  });

  it("are not counted as webhooks waiting (the metrics' queue depth, the System page)", async () => {
    let finishPoll = () => {};
    const polls = queuePolledRefreshes(
      [1, 2, 3],
      () => new Promise<void>((resolve) => (finishPoll = resolve)),
    );
    await later(5);
    expect(webhookProcessingBacklog()).toBe(0);
    queueWebhookProcessing(() => later(1));
    expect(webhookProcessingBacklog()).toBe(1);
    for (let i = 0; i < 3; i++) {
      finishPoll();
      await later(5);
    }
    await polls;
    expect(await drainWebhookProcessing(1_000)).toBe(true);
    expect(webhookProcessingBacklog()).toBe(0);
  });

  it("settle when a shutdown stops waiting, so the loop's round ends instead of hanging", async () => {
    let polled = 0;
    for (let i = 0; i < processingConcurrency(); i++) queueWebhookProcessing(() => later(100));
    const polls = queuePolledRefreshes([1, 2, 3], async () => {
      polled++;
    });
    expect(await drainWebhookProcessing(20)).toBe(false);
    await polls;
    expect(polled).toBe(0);
    await later(120);
    // The queue takes polls again afterwards.
    await queuePolledRefreshes([1], async () => {
      polled++;
    });
    expect(polled).toBe(1);
  });
});

describe("refreshes during a burst of answers", () => {
  it("wait while a webhook is being answered and start as soon as none is", async () => {
    let refreshed = false;
    let finishAnswer = () => {};
    const answer = whileAnswering(() => new Promise<void>((resolve) => (finishAnswer = resolve)));
    queueWebhookProcessing(async () => {
      refreshed = true;
    });
    await later(QUIET_WAIT_MS / 5);
    expect(refreshed).toBe(false);
    finishAnswer();
    await answer;
    await later(5);
    expect(refreshed).toBe(true);
  });

  it("wait no longer than QUIET_WAIT_MS when the answers never stop", async () => {
    let finishAnswer = () => {};
    const answer = whileAnswering(() => new Promise<void>((resolve) => (finishAnswer = resolve)));
    const started = Date.now();
    let startedAfter = -1;
    queueWebhookProcessing(async () => {
      startedAfter = Date.now() - started;
    });
    await later(QUIET_WAIT_MS * 2);
    expect(startedAfter).toBeGreaterThanOrEqual(QUIET_WAIT_MS - 5);
    expect(startedAfter).toBeLessThan(QUIET_WAIT_MS * 2);
    finishAnswer();
    await answer;
  });
});
