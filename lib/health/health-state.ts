import type { Logger } from "pino";
import { formatSeconds } from "./describe-db-failure";

/** What readiness, the metrics and the System page read of one dependency's health. */
export interface HealthSnapshot {
  /** True from the failure that crossed the threshold until the next success. */
  failing: boolean;
  /** When the failures that made it failing began (epoch ms); null while working. */
  failingSince: number | null;
  /** The last failure, in words that name its kind and never a host or a credential. */
  lastFailure: string | null;
  /** Failures since the last success. */
  consecutiveFailures: number;
  /** The last success (epoch ms); null before the first. */
  lastSuccessAt: number | null;
}

export interface HealthStateOptions {
  /** Failures in a row, with no success between, that make it failing (1 by default). */
  failAfter?: number;
  level?: "warn" | "error";
  /** While failing, a failure this long after the last line writes a summary (10 min by default). */
  summaryEveryMs?: number;
  now?: () => number;
}

/**
 * One dependency's health (the database, the payment service, SMTP) as the log tells it: one
 * `<name>: failing (…)` line when it starts failing, at most a summary every ten minutes while it
 * fails (written by a failure, never by a timer, so none comes after the recovery), and one
 * `<name>: working again after …` line at info when it works again. Each transition once.
 */
export class HealthState {
  private consecutive = 0;
  private firstFailureAt: number | null = null;
  private failingSince: number | null = null;
  private lastFailure: string | null = null;
  private lastSuccessAt: number | null = null;
  private lastLineAt = 0;
  private unreported = 0;

  constructor(
    readonly name: string,
    private readonly log: Pick<Logger, "warn" | "error" | "info">,
    private readonly options: HealthStateOptions = {},
  ) {}

  /** A use of the dependency failed; `kind` names the failure without a host or a credential. */
  failure(kind: string, error?: unknown): void {
    const now = this.now();
    this.consecutive++;
    this.firstFailureAt ??= now;
    this.lastFailure = kind;
    const level = this.options.level ?? "warn";
    if (this.failingSince === null) {
      if (this.consecutive < (this.options.failAfter ?? 1)) return;
      this.failingSince = this.firstFailureAt;
      this.lastLineAt = now;
      this.unreported = 0;
      this.log[level](
        { dependency: this.name, failures: this.consecutive, ...(error === undefined ? {} : { err: error }) },
        `${this.name}: failing (${kind})`,
      );
      return;
    }
    this.unreported++;
    if (now - this.lastLineAt < (this.options.summaryEveryMs ?? 600_000)) return;
    this.log[level](
      { dependency: this.name, failures: this.unreported, failingForMs: now - this.failingSince },
      `${this.name}: still failing (${kind}) after ${formatDuration(now - this.failingSince)}, ` +
        `${this.unreported} more failure(s) since the last line`,
    );
    this.lastLineAt = now;
    this.unreported = 0;
  }

  /** A use of the dependency worked: if it was failing, say so once. */
  success(): void {
    const now = this.now();
    if (this.failingSince !== null) {
      this.log.info(
        { dependency: this.name, failures: this.consecutive, failingForMs: now - this.failingSince },
        `${this.name}: working again after ${formatDuration(now - this.failingSince)} ` +
          `(${this.consecutive} failure(s))`,
      );
    }
    this.consecutive = 0;
    this.firstFailureAt = null;
    this.failingSince = null;
    this.lastSuccessAt = now;
  }

  snapshot(): HealthSnapshot {
    return {
      failing: this.failingSince !== null,
      failingSince: this.failingSince,
      lastFailure: this.lastFailure,
      consecutiveFailures: this.consecutive,
      lastSuccessAt: this.lastSuccessAt,
    };
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** "45 s", "12 min", "3 h 5 min": how long an outage lasted, for a person. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return formatSeconds(ms);
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
}
