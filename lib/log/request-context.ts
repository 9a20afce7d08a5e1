import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of work belongs to, so every log line it writes carries the request id the
 * client got in X-Request-Id, and its access line names the user once the session is known. Set
 * by the request hook (lib/http/observe-requests.ts) around all of Next.js's handling; work the
 * request starts (a webhook's processing, a refresh) keeps the context. On globalThis: Next.js
 * loads instrumentation and routes as separate module graphs.
 */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

const globalKey = Symbol.for("paydesk.requestContext");
type GlobalWithContext = typeof globalThis & { [globalKey]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  const store = globalThis as GlobalWithContext;
  store[globalKey] ??= new AsyncLocalStorage();
  return store[globalKey];
}

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage().run(context, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage().getStore();
}

/** Called where the session is checked: the request's access line then names its user. */
export function noteRequestUser(userId: string): void {
  const context = currentRequestContext();
  if (context) context.userId = userId;
}

/**
 * Runs work outside any request: what it schedules (a timer, a loop, a pool's connections and
 * their error events) never carries the request id of whichever request happened to start it.
 */
export function withoutRequestContext<T>(work: () => T): T {
  return storage().exit(work);
}
