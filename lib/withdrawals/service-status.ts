/**
 * The service's withdrawal statuses, ranked so that news never moves a withdrawal backwards:
 * process (1) -> check (2) -> a final one (3). Statuses the spec does not name are shown as they
 * are and ranked with "check": not final, and never over a final one.
 */
export type ServiceStatusClass =
  { final: false; rank: 1 | 2 } | { final: true; rank: 3; outcome: "paid" | "failed"; words: string };

const FINAL_WORDS: Record<string, { outcome: "paid" | "failed"; words: string }> = {
  paid: { outcome: "paid", words: "The service reports the payout paid." },
  fail: { outcome: "failed", words: "The service reports the payout failed." },
  cancel: { outcome: "failed", words: "The service cancelled the payout." },
  system_fail: { outcome: "failed", words: "The service reports a system failure; the payout was not made." },
};

export const FINAL_SERVICE_STATUSES = Object.keys(FINAL_WORDS);

export function classifyServiceStatus(status: string): ServiceStatusClass {
  const key = status.trim().toLowerCase();
  const final = FINAL_WORDS[key];
  if (final) return { final: true, rank: 3, ...final };
  return { final: false, rank: key === "process" ? 1 : 2 };
}

/**
 * Whether `reported` is news over `current`: a higher rank, or another status of the same
 * non-final rank. A final status is never replaced, not even by another final one.
 */
export function isNewerServiceStatus(current: string | null, reported: string): boolean {
  if (current === null) return true;
  const before = classifyServiceStatus(current);
  const after = classifyServiceStatus(reported);
  if (before.final) return false;
  if (after.rank !== before.rank) return after.rank > before.rank;
  return current.trim().toLowerCase() !== reported.trim().toLowerCase();
}
