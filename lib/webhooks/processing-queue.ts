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
 * queue leaves behind, the sweep processes after its grace (lib/webhooks/process-policy.ts). The
 * background loop's polls of open invoices run here too, after the webhooks (queuePolledRefreshes).
 */
export function processingConcurrency(env: Record<string, string | undefined> = process.env): number {
  return env.DATABASE_URL ? 3 : 1;
}
/** Beyond this many waiting, events are left to the sweep (each queued one holds its parsed body). */
export const QUEUE_CAPACITY = 20_000;

/**
 * The background loop's polled refreshes share the queue, behind every webhook waiting: a webhook
 * says an invoice changed, a poll only checks, and both spend the same budget of the process.
 */
const WEBHOOK_PRIORITY = 1;
const POLL_PRIORITY = 0;

const globalKey = Symbol.for("paydesk.webhookProcessing");
/**
 * Longest a refresh waits for a moment when no webhook is being answered. In a burst the answers
 * go first (the sender waits on them, and retries what is slow); the refreshes catch up after it.
 */
export const QUIET_WAIT_MS = 250;

interface ProcessingState {
  queue: PQueue;
  /** Webhook answers in progress (whileAnswering). */
  answering: number;
  /** Webhook processing tasks running (the queue also holds the loop's polls). */
  webhookTasksRunning: number;
  /** Refreshes waiting for answering to reach zero. */
  waitingForQuiet: Set<() => void>;
  /** Aborted when a shutdown gives up waiting: the polls not yet started are dropped, their callers told. */
  polls: AbortController;
}
// On globalThis: the route, the background loops and the shutdown (instrumentation) are separate
// module graphs.
type GlobalWithQueue = typeof globalThis & { [globalKey]?: ProcessingState };

function processing(): ProcessingState {
  const store = globalThis as GlobalWithQueue;
  store[globalKey] ??= {
    queue: new PQueue({ concurrency: processingConcurrency() }),
    answering: 0,
    webhookTasksRunning: 0,
    waitingForQuiet: new Set(),
    polls: new AbortController(),
  };
  return store[globalKey];
}

/** Counts `answer` as a webhook answer in progress while it runs (the receiver's route wraps each). */
export async function whileAnswering<T>(answer: () => Promise<T>): Promise<T> {
  const state = processing();
  state.answering++;
  try {
    return await answer();
  } finally {
    if (--state.answering === 0) for (const wake of state.waitingForQuiet) wake();
  }
}

/** Resolves when no webhook is being answered, or after QUIET_WAIT_MS at the latest. */
function quietMoment(state: ProcessingState): Promise<void> {
  if (state.answering === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      state.waitingForQuiet.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, QUIET_WAIT_MS);
    state.waitingForQuiet.add(wake);
  });
}

/** Queues `task` (which must not throw); false when the queue is full and the sweep will do it. */
export function queueWebhookProcessing(task: () => Promise<unknown>): boolean {
  const state = processing();
  if (state.queue.size >= QUEUE_CAPACITY) return false;
  void state.queue.add(
    async () => {
      state.webhookTasksRunning++;
      try {
        await quietMoment(state);
        return await task();
      } finally {
        state.webhookTasksRunning--;
      }
    },
    { priority: WEBHOOK_PRIORITY },
  );
  return true;
}

/**
 * Runs `refresh` (which must not throw) for each item through the queue, after the webhooks
 * waiting; resolves when each has run or was dropped by a shutdown (its invoice stays due).
 */
export async function queuePolledRefreshes<T>(
  items: readonly T[],
  refresh: (item: T) => Promise<void>,
): Promise<void> {
  const state = processing();
  await Promise.all(items.map((item) => pollThroughQueue(state, () => refresh(item))));
}

function pollThroughQueue(state: ProcessingState, run: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const { signal } = state.polls;
    // A poll dropped before it started settles at once; one already running is waited for.
    const dropped = () => resolve();
    signal.addEventListener("abort", dropped, { once: true });
    void state.queue.add(
      async () => {
        signal.removeEventListener("abort", dropped);
        try {
          await quietMoment(state);
          await run();
        } finally {
          resolve();
        }
      },
      { priority: POLL_PRIORITY },
    );
  });
}

/** Waits until the queue is empty or `timeoutMs` has passed; says whether it emptied. */
export async function drainWebhookProcessing(timeoutMs: number): Promise<boolean> {
  const state = processing();
  const { queue } = state;
  if (queue.size === 0 && queue.pending === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const emptied = await Promise.race([queue.onIdle().then(() => true as const), timedOut]);
  clearTimeout(timer);
  if (!emptied) {
    state.polls.abort();
    state.polls = new AbortController();
    queue.clear();
  }
  return emptied;
}

/** How many webhooks' processing tasks wait or run (the metrics' queue depth, the System page, shutdown's log line). */
export function webhookProcessingBacklog(): number {
  const { queue, webhookTasksRunning } = processing();
  return queue.sizeBy({ priority: WEBHOOK_PRIORITY }) + webhookTasksRunning;
}
