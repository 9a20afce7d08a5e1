import type { LoopLiveness } from "@/lib/jobs/periodic-job";

/** A loop that needs a look, and why in a few words. */
export interface TroubledLoop {
  name: string;
  why: string;
}

/** A loop is late when no round finished in this many of its intervals (and none is running). */
const LATE_AFTER_INTERVALS = 3;
/** An error this recent (in intervals, and at least two minutes) still counts against the loop. */
const RECENT_ERROR_INTERVALS = 2;
const RECENT_ERROR_MIN_MS = 120_000;

/**
 * Whether one of this instance's background loops is well, for an admin's home (the System page
 * has the detail): null when it runs, on time, with no recent error; else why not.
 */
export function loopTrouble(loop: LoopLiveness, now: number): string | null {
  if (loop.startedAt === null) return "stopped";
  const recent = Math.max(RECENT_ERROR_INTERVALS * loop.intervalMs, RECENT_ERROR_MIN_MS);
  if (loop.lastFailure && now - loop.lastFailure.at <= recent) return `failed: ${loop.lastFailure.message}`;
  const lastProgress = loop.lastRoundFinishedAt ?? loop.startedAt;
  if (loop.roundRunningSince === null && now - lastProgress > LATE_AFTER_INTERVALS * loop.intervalMs) {
    return "late: no round finished recently";
  }
  return null;
}

/** The loops that need a look; null when this process started none. */
export function troubledLoops(
  loops: readonly LoopLiveness[] | null,
  now: number,
): { total: number; troubled: TroubledLoop[] } | null {
  if (!loops) return null;
  return {
    total: loops.length,
    troubled: loops.flatMap((loop) => {
      const why = loopTrouble(loop, now);
      return why ? [{ name: loop.name, why }] : [];
    }),
  };
}
