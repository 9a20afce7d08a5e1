import { round } from "./measure";

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** Growth over the RSS / heap measured just before the export started. */
  peakRssGrowthMb: number;
  peakHeapUsedMb: number;
}

/** Reads a whole export (`open()`, as the route streams it), counting bytes and sampling memory. */
export async function benchExport(
  open: () => ReadableStream<Uint8Array>,
  expectedRows: number,
): Promise<ExportFigures> {
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const start = process.hrtime.bigint();
  let bytes = 0;
  let newlines = 0;
  try {
    for await (const chunk of open()) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
  } finally {
    clearInterval(timer);
  }
  sample();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rows = newlines - 1;
  if (rows !== expectedRows) throw new Error(`exported ${rows} rows, expected ${expectedRows}`);
  return {
    rows,
    bytes,
    seconds: round(seconds),
    rowsPerSecond: Math.round(rows / seconds),
    peakRssGrowthMb: mb(peakRss - baseRss),
    peakHeapUsedMb: mb(peakHeap),
  };
}
