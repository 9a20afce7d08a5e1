/**
 * Group commit: writes asked for in the same turn of the event loop go in one statement, and
 * those asked for while it is written go together in the next. Under a burst, many rows share one
 * round trip and one commit (on PGlite, in-process, most of a small insert's cost); alone, a write
 * waits only for the end of the current turn (setImmediate). If a batch fails, its items are
 * written one by one, so one bad row fails only its own caller.
 */
export type WriteBatcher<T, R> = (item: T) => Promise<R>;

export function createWriteBatcher<T, R>(
  writeAll: (items: readonly T[]) => Promise<R[]>,
  { maxBatch = 200 }: { maxBatch?: number } = {},
): WriteBatcher<T, R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let scheduled = false;

  const writeOne = async (entry: Waiting) => {
    try {
      const [result] = await writeAll([entry.item]);
      entry.resolve(result as R);
    } catch (error) {
      entry.reject(error);
    }
  };

  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        const results = await writeAll(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index] as R));
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else for (const entry of batch) await writeOne(entry);
      }
    }
    scheduled = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void drain());
    });
}
