import "server-only";
import PQueue from "p-queue";

/**
 * Where the receiver leaves the processing (the refresh) of the webhooks it has just stored: one
 * queue per process. A burst is answered at the speed of storing (a signature check and one insert
 * each); the refreshes follow at a pace that leaves the answers their share of the process. On
 * PGlite that is one at a time: every statement runs on this process's event loop, so more
 * refreshes at once would only take turns from the answers. On PostgreSQL a refresh mostly waits
 * (on the service, on the database server), so a few at once overlap those waits. Nothing here is
 * the only record: every queued event is stored as pending, so what a stopped process or a full
 * queue leaves behind, the sweep processes after its grace (lib/webhooks/process-policy.ts).
 */
export function processingConcurrency(env: Record<string, string | undefined> = process.env): number {
  return env.DATABASE_URL ? 3 : 1;
}
/** Beyond this many waiting, events are left to the sweep (each queued one holds its parsed body). */
export const QUEUE_CAPACITY = 20_000;

const globalKey = Symbol.for("paydesk.webhookProcessing");
// On globalThis: the route and the shutdown (instrumentation) are separate module graphs.
type GlobalWithQueue = typeof globalThis & { [globalKey]?: PQueue };

function processingQueue(): PQueue {
  const store = globalThis as GlobalWithQueue;
  store[globalKey] ??= new PQueue({ concurrency: processingConcurrency() });
  return store[globalKey];
}

/** Queues `task` (which must not throw); false when the queue is full and the sweep will do it. */
export function queueWebhookProcessing(task: () => Promise<unknown>): boolean {
  const queue = processingQueue();
  if (queue.size >= QUEUE_CAPACITY) return false;
  void queue.add(task);
  return true;
}

/** Waits until the queue is empty or `timeoutMs` has passed; says whether it emptied. */
export async function drainWebhookProcessing(timeoutMs: number): Promise<boolean> {
  const queue = processingQueue();
  if (queue.size === 0 && queue.pending === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const emptied = await Promise.race([queue.onIdle().then(() => true as const), timedOut]);
  clearTimeout(timer);
  if (!emptied) queue.clear();
  return emptied;
}

/** How many events wait or are being processed (shutdown's log line). */
export function webhookProcessingBacklog(): number {
  const queue = processingQueue();
  return queue.size + queue.pending;
}
