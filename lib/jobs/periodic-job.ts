/**
 * A background loop: every interval, run one round. Rounds never overlap within an instance (a
 * runOnce during a round joins it); a round that reports a full batch starts the next one at
 * once; stop() waits for the round in progress so the database can be closed after it.
 * Subclasses implement round(), which must never reject: errors are logged there.
 */
export abstract class PeriodicJob<Report> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Report> | null = null;
  private stopped = true;

  protected constructor(protected readonly intervalMs: number) {}

  /** One round's work. Never rejects; errors are logged. */
  protected abstract round(): Promise<Report>;

  /** True when the round had more due work than one batch holds, so the next starts at once. */
  protected abstract filledBatch(report: Report): boolean;

  /** How long after a round the next one starts: at once after a full batch, else the interval. */
  protected delayAfter(report: Report): number {
    return this.filledBatch(report) ? 0 : this.intervalMs;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.intervalMs);
  }

  /** Stops scheduling rounds and waits for the one in progress, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** One round, or the one already running. Never rejects. */
  runOnce(): Promise<Report> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce().then((report) => {
        this.schedule(this.delayAfter(report));
      });
    }, delayMs);
    this.timer.unref();
  }
}
