import "server-only";
import { serverEnv } from "@/lib/env";

/**
 * When a payout submitted (or heard of) at `now` needs review if the service has not said how it
 * ended by then: PAYDESK_PAYOUT_STALE_HOURS later. The spec has no way to read a payout back, so a
 * lost final webhook would otherwise leave it "Submitted" for ever.
 */
export function staleDeadline(now: Date, hours = serverEnv().PAYDESK_PAYOUT_STALE_HOURS): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}
