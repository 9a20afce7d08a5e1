import { describe, expect, it } from "vitest";
import {
  drainWebhookProcessing,
  PROCESSING_CONCURRENCY,
  queueWebhookProcessing,
  webhookProcessingBacklog,
} from "./processing-queue";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    expect(mostAtOnce).toBe(PROCESSING_CONCURRENCY);
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
    expect(started).toBe(PROCESSING_CONCURRENCY);
    expect(await drainWebhookProcessing(1_000)).toBe(true);
  });
});
