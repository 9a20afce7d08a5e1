/** Thrown by timeBox when the work did not settle in time. */
export class TimedOut extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * The work's result, or TimedOut after `ms`. The work itself goes on (a query cannot be called
 * back); its late failure is swallowed so it never becomes an unhandled rejection.
 */
export function timeBox<T>(work: Promise<T>, ms: number): Promise<T> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
