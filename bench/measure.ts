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
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? 0, runs };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)] ?? 0);
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
