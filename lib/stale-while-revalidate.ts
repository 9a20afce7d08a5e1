import { reportError } from "@/lib/log/report-error";

/**
 * A value worth computing once for many readers (a dashboard's aggregates over a large ledger):
 * the first reader waits for it; later readers get it at once, and one reader past `freshMs`
 * starts a recomputation in the background that everyone reads once it lands. One computation at
 * a time per key; a failed one leaves the last good value in place (the first reader sees the
 * error). Keys are replaced, not accumulated: asking for a new key forgets the others (a new day's
 * windows retire yesterday's).
 */
export interface Snapshot<T> {
  value: T;
  /** When the computation that produced `value` started. */
  computedAt: Date;
}

export function staleWhileRevalidate<T>(
  compute: (key: string) => Promise<T>,
  { freshMs, now = () => new Date() }: { freshMs: number; now?: () => Date },
) {
  interface Entry {
    key: string;
    snapshot?: Snapshot<T>;
    computing?: Promise<Snapshot<T>>;
  }
  let entry: Entry | undefined;

  const recompute = (current: Entry): Promise<Snapshot<T>> => {
    current.computing ??= (async () => {
      const computedAt = now();
      try {
        const snapshot = { value: await compute(current.key), computedAt };
        current.snapshot = snapshot;
        return snapshot;
      } finally {
        current.computing = undefined;
      }
    })();
    return current.computing;
  };

  return async function read(key: string): Promise<Snapshot<T>> {
    if (entry?.key !== key) entry = { key };
    const current = entry;
    if (!current.snapshot) return recompute(current);
    if (now().getTime() - current.snapshot.computedAt.getTime() > freshMs) {
      recompute(current).catch((error: unknown) =>
        reportError("cache", "recomputing a stale value failed; the last one stays", error),
      );
    }
    return current.snapshot;
  };
}
