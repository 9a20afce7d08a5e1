/**
 * Which parts of a statement read ledger_totals and which read the entries themselves. The totals
 * are kept per quarter hour from 2000-01-01 00:00 UTC (the trigger's date_bin), so a bucket lies
 * wholly inside [start, end) or wholly outside it whenever both ends fall on a quarter hour. Every
 * time zone in use today is a whole number of quarter hours from UTC, so a day starts on one and
 * the entries' parts below are empty; a zone's old local mean time (Amsterdam's +00:19:32 before
 * 1937) does not, and then the partial quarter hours at either end are read from the entries.
 */
export const BUCKET_MS = 15 * 60_000;

export type Interval = readonly [from: Date, to: Date];

export interface BucketPlan {
  /** Totals of the buckets before this one end before the start: the opening balance. */
  openingBucketsBefore: Date;
  /** Entries before the start in its partial bucket (empty when the start is aligned). */
  openingEntries: Interval;
  /** Totals of the buckets wholly within the range; null when none is. */
  rangeBuckets: Interval | null;
  /** Entries of the range in partial buckets at either end. */
  rangeEntries: Interval[];
}

const floor = (at: Date) => new Date(Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS);
const ceil = (at: Date) => new Date(Math.ceil(at.getTime() / BUCKET_MS) * BUCKET_MS);

export function bucketPlan(start: Date, end: Date): BucketPlan {
  const startFloor = floor(start);
  const startCeil = ceil(start);
  const endFloor = floor(end);
  const opening = { openingBucketsBefore: startFloor, openingEntries: [startFloor, start] as const };
  if (startCeil >= endFloor) return { ...opening, rangeBuckets: null, rangeEntries: [[start, end]] };
  return {
    ...opening,
    rangeBuckets: [startCeil, endFloor],
    rangeEntries: [
      [start, startCeil],
      [endFloor, end],
    ],
  };
}
