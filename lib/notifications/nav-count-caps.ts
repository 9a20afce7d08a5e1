/**
 * Where the navigation's counts stop counting: beyond it they say "99+" or "9+". Every page
 * counts them, and each exception counted costs an index probe, so that count stops early (the
 * home page's worklist counts up to 100).
 */
export const NAV_COUNT_CAPS = { approvals: 100, exceptions: 10, payouts: 100, changes: 100 } as const;
