/**
 * How many requests this process is still answering, so a shutdown closes the database only after
 * the last one is done. Counted by the request hook (observe-requests.ts); on globalThis because
 * Next.js loads instrumentation and routes as separate module graphs.
 */
const globalKey = Symbol.for("paydesk.inFlightRequests");
interface InFlight {
  count: number;
  idle: Array<() => void>;
}
type GlobalWithInFlight = typeof globalThis & { [globalKey]?: InFlight };

function state(): InFlight {
  const store = globalThis as GlobalWithInFlight;
  store[globalKey] ??= { count: 0, idle: [] };
  return store[globalKey];
}

/** Counts a request in; the returned function counts it out (once, however often it is called). */
export function requestStarted(): () => void {
  const inFlight = state();
  inFlight.count++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight.count--;
    if (inFlight.count === 0) for (const wake of inFlight.idle.splice(0)) wake();
  };
}

export function requestsInFlight(): number {
  return state().count;
}

/** Resolves true once no request is in flight, or false when the time is up first. */
export function whenNoRequestsInFlight(timeoutMs: number): Promise<boolean> {
  const inFlight = state();
  if (inFlight.count === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    inFlight.idle.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
