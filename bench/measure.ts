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
 * Two operations timed in turns (a, b, a, b …) after a warm-up of each, so that a noisy moment of
 * the machine falls on both alike: for a figure that is one minus the other.
 */
export async function timeInTurns(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs = 200,
  warmup = 20,
): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [index, run] of [a, b].entries()) {
      const start = process.hrtime.bigint();
      await run();
      samples[index]?.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return [timingOf(samples[0], runs), timingOf(samples[1], runs)];
}

function timingOf(samples: number[], runs: number): Timing {
  samples.sort((x, y) => x - y);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? 0, runs };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)] ?? 0);
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
