/** Timing helpers: sequential runs after a warm-up, percentiles by nearest rank. */
export interface Timing {
  p50: number;
  p95: number;
  max: number;
  runs: number;
}

export async function time(run: () => Promise<unknown>, runs = 200, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return timingOf(samples, runs);
}

/**
 * Operations timed in turns (a, b, a, b …) after a warm-up of each, so that a noisy moment of the
 * machine falls on all alike: for figures that are one minus another.
 */
export async function timeInTurns(
  operations: readonly (() => Promise<unknown>)[],
  runs = 200,
  warmup = 20,
): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const run of operations) await run();
  const samples = operations.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, run] of operations.entries()) {
      const start = process.hrtime.bigint();
      await run();
      samples[index]?.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return samples.map((taken) => timingOf(taken, runs));
}

/** Percentiles of `samples` (sorted in place). */
export function timingOf(samples: number[], runs = samples.length): Timing {
  samples.sort((x, y) => x - y);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? 0, runs };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)] ?? 0);
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
