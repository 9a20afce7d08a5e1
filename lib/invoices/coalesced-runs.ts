interface Slot<T> {
  /** The run asked for while this one runs, shared by everyone who asked. */
  next: {
    task: () => Promise<T>;
    resolve: (value: T) => void;
    reject: (error: unknown) => void;
    done: Promise<T>;
  } | null;
}

/**
 * At most one run per key at a time. A run asked for while one is in flight is not dropped (it
 * may be asked because of news that run's read came too early for): every ask made meanwhile
 * becomes ONE more run after it, with the first asker's task, and each of those askers gets that
 * run's result. An ask made once that follow-up has started waits for another.
 */
export class CoalescedRuns<T> {
  private readonly slots = new Map<string, Slot<T>>();

  run(key: string, task: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key);
    if (!slot) return this.start(key, task);
    if (!slot.next) {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      slot.next = { task, resolve, reject, done };
    }
    return slot.next.done;
  }

  private start(key: string, task: () => Promise<T>): Promise<T> {
    const slot: Slot<T> = { next: null };
    this.slots.set(key, slot);
    const running = Promise.resolve().then(task);
    const after = () => {
      this.slots.delete(key);
      const { next } = slot;
      if (next) this.start(key, next.task).then(next.resolve, next.reject);
    };
    running.then(after, after);
    return running;
  }
}
