import type { Logger } from "pino";

/**
 * Keeps an outage from flooding the log: the first failure is written with its error, the ones
 * after it only counted, with a summary line once a minute while they last, and one line when it
 * works again. A database down for 30 seconds is three lines, not thousands of stack traces.
 * With `summaryOnFailure` (errors no one reports success for: report-error.ts), the summary is
 * written by the next failure a minute on, never by a timer: no line comes after the trouble ended.
 */
export class RepeatedFailures {
  private failures = 0;
  private firstAt = 0;
  private unreported = 0;
  private lastMessage = "";
  private lastLineAt = 0;
  private summaryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: Pick<Logger, "warn" | "error" | "info">,
    private readonly what: string,
    private readonly options: {
      level?: "warn" | "error";
      summaryEveryMs?: number;
      now?: () => number;
      summaryOnFailure?: boolean;
    } = {},
  ) {}

  get failing(): boolean {
    return this.failures > 0;
  }

  failure(message: string, error: unknown, fields: object = {}): void {
    const level = this.options.level ?? "warn";
    this.failures++;
    this.lastMessage = message;
    if (this.failures === 1) {
      this.firstAt = this.now();
      this.lastLineAt = this.firstAt;
      this.log[level]({ ...fields, err: error }, message);
      return;
    }
    this.unreported++;
    if (this.options.summaryOnFailure) {
      if (this.now() - this.lastLineAt >= (this.options.summaryEveryMs ?? 60_000)) this.summarise();
      return;
    }
    this.summaryTimer ??= setTimeout(() => this.summarise(), this.options.summaryEveryMs ?? 60_000);
    this.summaryTimer.unref?.();
  }

  /** The thing worked: if it was failing, say it recovered and after how long. */
  success(): void {
    if (this.failures === 0) return;
    this.summarise();
    this.log.info(
      { failures: this.failures, failingForMs: this.now() - this.firstAt },
      `${this.what}: working again after ${this.failures} failure(s)`,
    );
    this.failures = 0;
  }

  private summarise(): void {
    if (this.summaryTimer) clearTimeout(this.summaryTimer);
    this.summaryTimer = null;
    if (this.unreported === 0) return;
    this.lastLineAt = this.now();
    this.log[this.options.level ?? "warn"](
      { failures: this.unreported, failingForMs: this.now() - this.firstAt, last: this.lastMessage },
      `${this.what}: still failing, ${this.unreported} more failure(s) since the last line`,
    );
    this.unreported = 0;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
