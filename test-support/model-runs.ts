// Test support for the model-based tests (`*.model.db.test.ts`): how many runs, how to replay one,
// and a failure that says how. PAYDESK_MODEL_RUNS sets the number of runs (200 in `npm test`;
// `npm run test:models` runs 5,000); PAYDESK_MODEL_SEED and PAYDESK_MODEL_PATH replay one run.
import fc from "fast-check";

export const MODEL_RUNS = Number(process.env.PAYDESK_MODEL_RUNS ?? 200);

/** What a model test gives vitest as its timeout: generous, and growing with the runs. */
export const MODEL_TIMEOUT_MS = Math.max(120_000, MODEL_RUNS * 2_000);

/**
 * Checks the property for MODEL_RUNS runs (or the one run the environment names) and, when it
 * fails, throws fast-check's report with what failed and the command that replays it.
 */
export async function checkModel<Ts>(property: fc.IAsyncProperty<Ts>, file: string): Promise<void> {
  const seed = process.env.PAYDESK_MODEL_SEED;
  const path = process.env.PAYDESK_MODEL_PATH;
  const details = await fc.check(property, {
    numRuns: MODEL_RUNS,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
  });
  if (!details.failed) return;
  const report = await fc.asyncDefaultReportMessage(details);
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${report}\n\nWhat failed: ${cause}\n\nReplay this run: PAYDESK_MODEL_SEED=${details.seed} PAYDESK_MODEL_PATH="${details.counterexamplePath}" npx vitest run ${file}`,
  );
}
