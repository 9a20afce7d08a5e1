/**
 * Delivers queued webhooks: POST the stored body, 2xx = delivered, anything else (or a network
 * error or timeout) = retry after baseDelayMs × 2^(attempt-1) until maxAttempts. Each attempt
 * is recorded with its status, duration and kind of error, never the target's reply: echoing it
 * would turn a webhook URL into a way to read the server's network. A target the policy refuses
 * (targets.ts, checked again here for DNS rebinding) is recorded as refused, without a request. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several sandbox
 * processes on one Postgres never deliver the same attempt twice.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, type WebhookDeliveryRow } from "../db/schema";
import type { SandboxContext } from "../context";
import { postToAddress } from "./pinned-post";
import { judgeTarget } from "./targets";

const BATCH = 20;

export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  private abort = new AbortController();

  constructor(private readonly ctx: SandboxContext) {}

  start() {
    this.stopped = false;
    this.abort = new AbortController();
    this.wake(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    this.abort.abort();
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Run a pass after `delayMs` (earlier requests win). */
  wake(delayMs = 0) {
    if (this.stopped) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        void this.pass();
      },
      Math.max(0, delayMs),
    );
  }

  private async pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const claimed = await this.claim();
          for (const row of claimed) this.track(this.attempt(row));
          if (claimed.length === BATCH) this.again = true;
        } while (this.again && !this.stopped);
        await this.scheduleNext();
      } catch (err) {
        if (!this.stopped) console.error("[sandbox] webhook worker:", err);
        this.wake(1000);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private track(p: Promise<void>) {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async claim(): Promise<WebhookDeliveryRow[]> {
    const now = new Date();
    const lease = new Date(now.getTime() + this.ctx.webhook.timeoutMs + 5_000);
    const due = this.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.state} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= ${now}`)
      .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.createdAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return this.ctx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: lease })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
  }

  private async scheduleNext() {
    const [next] = await this.ctx.db
      .select({ at: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, "pending"))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(1);
    if (next) this.wake(next.at.getTime() - Date.now());
  }

  private async attempt(row: WebhookDeliveryRow): Promise<void> {
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const target = await judgeTarget(this.ctx, row.url);
      if (target.kind === "refused") throw new RefusedTarget(target.reason);
      const signal = AbortSignal.any([AbortSignal.timeout(this.ctx.webhook.timeoutMs), this.abort.signal]);
      const headers = { "content-type": "application/json", "user-agent": "paydesk-sandbox-webhooks/1" };
      if (target.kind === "pinned") {
        statusCode = await postToAddress({
          url: row.url,
          address: target.address,
          headers,
          body: row.body,
          signal,
        });
      } else {
        const res = await this.ctx.fetch(row.url, {
          method: "POST",
          headers,
          body: row.body,
          signal,
          redirect: "manual",
        });
        statusCode = res.status;
        await res.body?.cancel();
      }
    } catch (err) {
      error = errorKind(err);
    }
    if (this.stopped && statusCode === null) return; // interrupted by shutdown; the lease expires and it is retried
    const durationMs = Date.now() - started;
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const attempts = row.attempts + 1;
    const exhausted = attempts >= this.ctx.webhook.maxAttempts;
    const retryAt = new Date(Date.now() + this.ctx.webhook.baseDelayMs * 2 ** (attempts - 1));
    try {
      await this.ctx.db.transaction(async (tx) => {
        await tx.insert(webhookAttempts).values({
          id: randomUUID(),
          deliveryId: row.id,
          attemptedAt: new Date(started),
          url: row.url,
          statusCode,
          error,
          durationMs,
          requestBody: row.body,
        });
        await tx
          .update(webhookDeliveries)
          .set({
            attempts,
            state: ok ? "delivered" : exhausted ? "failed" : "pending",
            nextAttemptAt: ok || exhausted ? new Date(started) : retryAt,
          })
          .where(eq(webhookDeliveries.id, row.id));
      });
    } catch (err) {
      if (!this.stopped) console.error("[sandbox] webhook attempt not recorded:", err);
      return;
    }
    if (!ok && !exhausted) this.wake(retryAt.getTime() - Date.now());
  }
}

class RefusedTarget extends Error {}

/** The kind of failure only: a message could carry what the target or the network said. */
function errorKind(err: unknown): string {
  if (err instanceof RefusedTarget) return `refused: ${err.message}`;
  if (!(err instanceof Error)) return "network error";
  // fetch reports its cause; node:http (pinned-post.ts) reports on the error itself.
  const { cause, code: ownCode } = err as Error & {
    code?: unknown;
    cause?: { code?: unknown; name?: unknown };
  };
  if (err.name === "TimeoutError" || cause?.name === "TimeoutError") return "timeout";
  const code = ownCode ?? cause?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "unresolvable host";
  if (code === "ECONNRESET") return "connection reset";
  return "network error";
}
