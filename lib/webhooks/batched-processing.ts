import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import type { WebhookHandlers } from "./handler-types";
import { DEFAULT_WEBHOOK_HANDLERS } from "./handlers";
import { processWebhookEvents, type EventToProcess } from "./process-events";

/** Most events one batch takes (processWebhookEvents: a few statements per batch, not per event). */
export const MAX_BATCH = 100;
/** Beyond this many waiting, events are left to the sweep (each holds its parsed body). */
const MAX_WAITING = 20_000;

interface Waiting extends EventToProcess {
  handlers: WebhookHandlers;
}

const globalKey = Symbol.for("paydesk.webhooksWaiting");
// On globalThis: the route queues the events and the background sweep (another module graph) asks.
type GlobalWithWaiting = typeof globalThis & { [globalKey]?: WeakMap<Db, Map<string, Waiting>> };

function waitingByDb(): WeakMap<Db, Map<string, Waiting>> {
  const store = globalThis as GlobalWithWaiting;
  store[globalKey] ??= new WeakMap();
  return store[globalKey];
}

/**
 * Whether this process has the event waiting for its batch: the sweep leaves it to the batch, so
 * that a backlog older than the sweep's grace is not processed twice at once.
 */
export function isWaitingForBatch(db: Db, eventId: string): boolean {
  return waitingByDb().get(db)?.has(eventId) ?? false;
}

/**
 * The processing of one received event, as a task for afterResponse (the route's queue). Events
 * wait here, and the first task that runs takes every event waiting (up to MAX_BATCH) into one
 * batch; the tasks of the events it took find nothing left to do. So while the queue is busy, what
 * arrives gathers into the next batch; when it is idle, an event is processed alone, at once.
 * The batch is read from the service with the client of the task that takes it: the route makes a
 * client per request (lib/service/app-client.ts), every one of them for the one configured service.
 */
export function batchedProcessing(
  db: Db,
  client: ServiceClient,
  event: EventToProcess,
  handlers: WebhookHandlers = DEFAULT_WEBHOOK_HANDLERS,
): () => Promise<void> {
  let waiting = waitingByDb().get(db);
  if (!waiting) {
    waiting = new Map();
    waitingByDb().set(db, waiting);
  }
  // Left pending for the sweep when too many wait already.
  if (waiting.size >= MAX_WAITING) return async () => {};
  waiting.set(event.id, { ...event, handlers });
  const batches = waiting;
  return async () => {
    if (!batches.has(event.id)) return;
    const batch: Waiting[] = [];
    for (const candidate of batches.values()) {
      if (batch.length >= MAX_BATCH) break;
      if (candidate.handlers !== handlers) continue;
      batch.push(candidate);
    }
    for (const taken of batch) batches.delete(taken.id);
    await processWebhookEvents(db, client, batch, handlers);
  };
}
