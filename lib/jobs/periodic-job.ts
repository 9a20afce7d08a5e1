import { failureMessage } from "@/lib/log/failure-message";
import { logger, type Logger } from "@/lib/log/logger";
import { RepeatedFailures } from "@/lib/log/repeated-failures";
import { withoutRequestContext } from "@/lib/log/request-context";

/** Where a loop writes: each round's outcome at debug, a failure at warn (once per outage). */
export type LoopLog = Pick<Logger, "warn" | "info" | "debug">;

/** What readiness needs to know of a loop (times are epoch milliseconds). */
export interface LoopLiveness {
  /** Stable, for operators: the loop's name in logs and readiness problems. */
  name: string;
  intervalMs: number;
  /** When start() was last called; null while the loop is stopped. */
  startedAt: number | null;
  /** When the last round finished, however it was started (timer or runOnce). */
  lastRoundFinishedAt: number | null;
  /** When the round in progress began; null between rounds. */
  roundRunningSince: number | null;
  /** When the last round that logged no failure finished; null if none since start-up. */
  lastSuccessAt: number | null;
  /** The last error a round logged, for the System page; null if none since start-up. */
  lastFailure: LoopFailure | null;
}

/** An error a round logged: when, and its message's first line (never its stack or its data). */
export interface LoopFailure {
  at: number;
  message: string;
}

/**
 * A background loop: every interval, run one round. Rounds never overlap within an instance (a
 * runOnce during a round joins it); a round that reports a full batch starts the next one at
 * once; stop() waits for the round in progress so the database can be closed after it.
 * Subclasses implement round(), which must never reject: errors go to failed(). A failure is
 * logged with its error once; while the loop keeps failing, a summary a minute; when a round
 * passes again, one line saying so.
 */
export abstract class PeriodicJob<Report> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Report> | null = null;
  private stopped = true;
  private startedAt: number | null = null;
  private lastRoundFinishedAt: number | null = null;
  private roundRunningSince: number | null = null;
  private lastSuccessAt: number | null = null;
  private lastFailure: LoopFailure | null = null;
  private roundFailed = false;
  private readonly log: LoopLog;
  private readonly failures: RepeatedFailures;

  protected constructor(
    readonly name: string,
    protected readonly intervalMs: number,
    log?: LoopLog,
  ) {
    this.log = log ?? logger().child({ loop: name });
    this.failures = new RepeatedFailures(this.log as Logger, name);
  }

  /** One round's work. Never rejects; errors are logged. */
  protected abstract round(): Promise<Report>;

  /** True when the round had more due work than one batch holds, so the next starts at once. */
  protected abstract filledBatch(report: Report): boolean;

  /** How long after a round the next one starts: at once after a full batch, else the interval. */
  protected delayAfter(report: Report): number {
    return this.filledBatch(report) ? 0 : this.intervalMs;
  }

  /** A part of the round failed: logged (once per outage) and shown on the System page. */
  protected failed(message: string, error: unknown): void {
    this.roundFailed = true;
    this.recordFailure(error);
    this.failures.failure(message, error);
  }

  /** Something went wrong the System page should show, without a log line (it is recorded elsewhere). */
  protected recordFailure(error: unknown): void {
    this.lastFailure = { at: Date.now(), message: failureMessage(error) };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.startedAt = Date.now();
    this.schedule(this.firstRoundAfterMs());
  }

  /** How long after start() the first round comes: one interval, unless the loop has a reason. */
  protected firstRoundAfterMs(): number {
    return this.intervalMs;
  }

  /** Stops scheduling rounds and waits for the one in progress, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.startedAt = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /**
   * One round, or the one already running. Never rejects. The round runs outside any request,
   * even when one asked for it: it is the loop's work, and the timers it leaves behind must not
   * carry that request's id into every later round's log lines.
   */
  runOnce(): Promise<Report> {
    if (!this.running) {
      this.roundRunningSince = Date.now();
      this.roundFailed = false;
      this.running = withoutRequestContext(() => this.round())
        .finally(() => {
          this.running = null;
          this.roundRunningSince = null;
          this.lastRoundFinishedAt = Date.now();
        })
        .then((report) => {
          if (!this.roundFailed) {
            this.failures.success();
            this.lastSuccessAt = this.lastRoundFinishedAt;
          }
          this.log.debug({ report }, `${this.name}: round finished`);
          return report;
        });
    }
    return this.running;
  }

  liveness(): LoopLiveness {
    return {
      name: this.name,
      intervalMs: this.intervalMs,
      startedAt: this.startedAt,
      lastRoundFinishedAt: this.lastRoundFinishedAt,
      roundRunningSince: this.roundRunningSince,
      lastSuccessAt: this.lastSuccessAt,
      lastFailure: this.lastFailure,
    };
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = withoutRequestContext(() =>
      setTimeout(() => {
        void this.runOnce().then((report) => {
          this.schedule(this.delayAfter(report));
        });
      }, delayMs),
    );
    this.timer.unref();
  }
}
