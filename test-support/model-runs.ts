// Test support for the model-based tests (`*.model.db.test.ts`): how many runs, how long shrinking
// may take, how to replay one, and a failure that says how. PAYDESK_MODEL_RUNS sets the number of
// runs (200 in `npm test`; `npm run test:models` runs 5,000); PAYDESK_MODEL_SEED and
// PAYDESK_MODEL_PATH (with PAYDESK_MODEL_REPLAY for a plan of fc.commands) replay one run;
// PAYDESK_MODEL_SHRINK_SECONDS bounds shrinking (45 s).
import fc from "fast-check";

export const MODEL_RUNS = Number(process.env.PAYDESK_MODEL_RUNS ?? 200);

/** fast-check's own record of which steps of a plan (fc.commands) a failing run took, for its replay. */
export const COMMANDS_REPLAY_PATH = process.env.PAYDESK_MODEL_REPLAY;

/** How long shrinking a failure may take before the smallest counterexample found so far is reported. */
export const SHRINK_SECONDS = Number(process.env.PAYDESK_MODEL_SHRINK_SECONDS ?? 45);

/** What a model test gives vitest as its timeout: generous, and growing with the runs. */
export const MODEL_TIMEOUT_MS = Math.max(120_000, MODEL_RUNS * 2_000) + SHRINK_SECONDS * 1_000;

/**
 * The property, except that once it has failed, shrinking stops after SHRINK_SECONDS: every run
 * after that is an interruption, and fast-check reports the smallest failure it found. Records when
 * the first failure came and how long shrinking took.
 */
class ShrinkWithinBudget<Ts> implements fc.IAsyncProperty<Ts> {
  firstFailureAt: number | null = null;
  lastRunAt = 0;

  constructor(private readonly property: fc.IAsyncProperty<Ts>) {}

  isAsync(): true {
    return true;
  }

  generate(mrng: fc.Random, runId?: number) {
    return this.property.generate(mrng, runId);
  }

  shrink(value: fc.Value<Ts>) {
    return this.property.shrink(value);
  }

  async run(value: Ts) {
    if (this.firstFailureAt !== null && Date.now() - this.firstFailureAt > SHRINK_SECONDS * 1_000) {
      return new fc.PreconditionFailure(true);
    }
    const outcome = await this.property.run(value);
    this.lastRunAt = Date.now();
    if (outcome !== null && !fc.PreconditionFailure.isFailure(outcome))
      this.firstFailureAt ??= this.lastRunAt;
    return outcome;
  }

  runBeforeEach() {
    return this.property.runBeforeEach();
  }

  runAfterEach() {
    return this.property.runAfterEach();
  }
}

/**
 * Checks the property for MODEL_RUNS runs (or the one run the environment names) and, when it
 * fails, throws fast-check's report with what failed, how long finding and shrinking it took, and
 * the command that replays it.
 */
export async function checkModel<Ts>(property: fc.IAsyncProperty<Ts>, file: string): Promise<void> {
  const seed = process.env.PAYDESK_MODEL_SEED;
  const path = process.env.PAYDESK_MODEL_PATH;
  const bounded = new ShrinkWithinBudget(property);
  const started = Date.now();
  const details = await fc.check(bounded, {
    numRuns: MODEL_RUNS,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
  });
  if (!details.failed) return;
  const report = await fc.asyncDefaultReportMessage(details);
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const found = bounded.firstFailureAt ?? started;
  const timing = `Found at run ${details.numRuns} of ${MODEL_RUNS} after ${seconds(found - started)}; shrunk ${details.numShrinks} times in ${seconds(bounded.lastRunAt - found)}${details.interrupted ? ` (stopped at the ${SHRINK_SECONDS} s budget)` : ""}.`;
  const commands = /replayPath="([^"]+)"/.exec(report ?? "")?.[1];
  const replay = `PAYDESK_MODEL_SEED=${details.seed} PAYDESK_MODEL_PATH="${details.counterexamplePath}"${commands ? ` PAYDESK_MODEL_REPLAY="${commands}"` : ""}`;
  throw new Error(
    `${report}\n\n${timing}\n\nWhat failed: ${cause}\n\nReplay this run: ${replay} npx vitest run ${file}`,
  );
}

const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;

/**
 * What the runs reached (states, exception kinds, tangles), counted per run and printed the way
 * fc.statistics prints its classes, when PAYDESK_MODEL_STATS=1: weights are tuned on it.
 */
export class ReachedStates {
  private readonly runs = new Map<string, number>();
  private current = new Set<string>();
  private total = 0;
  private stopped = false;

  /** Starts counting a new run. */
  startRun(): void {
    this.finishRun();
    if (!this.stopped) this.total++;
  }

  saw(...labels: string[]): void {
    if (!this.stopped) for (const label of labels) this.current.add(label);
  }

  /** After a failure: the runs that shrink it are not counted. */
  stop(): void {
    this.finishRun();
    this.stopped = true;
  }

  private finishRun(): void {
    for (const label of this.current) this.runs.set(label, (this.runs.get(label) ?? 0) + 1);
    this.current = new Set();
  }

  /** The share of runs that reached each label, most often first. */
  summary(): string {
    this.finishRun();
    const width = Math.max(0, ...[...this.runs.keys()].map((label) => label.length)) + 3;
    return [...this.runs]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(
        ([label, count]) =>
          `${label} ${".".repeat(width - label.length)} ${((100 * count) / this.total).toFixed(2)}%`,
      )
      .join("\n");
  }
}

export const PRINT_STATS = process.env.PAYDESK_MODEL_STATS === "1";
