/**
 * One measured figure of `npm run bench`, as printed in the summary table and written to
 * bench/results/latest.json. Absolute times drift on shared machines; a figure measured against
 * a baseline in the same run carries the ratio, which is what its target usually reads.
 */
export interface Figure {
  /** What was measured, e.g. "webhooks/s, PGlite". */
  name: string;
  value: number;
  unit: string;
  /** The same measurement of the baseline, when the target is a ratio. */
  baseline?: number;
  baselineName?: string;
  ratio?: number;
  /** The target in words, e.g. ">= 0.7 of the trivial route"; "reported" for a figure without one. */
  target: string;
  /** Whether the target holds; absent for a figure only reported. */
  met?: boolean;
}
