import type { AccountEvent } from "@/lib/audit/account-history";
import { accountEventBy, accountEventWhat } from "@/lib/audit/account-event-words";
import type { Role } from "@/lib/auth/roles";
import { GATED_ROLES } from "@/lib/changes/payloads";

/**
 * When a grant of finance or admin waits although it still applies: the account's sign-in changed
 * after it was proposed (by anyone), or the proposer changed it in the days before. Either way
 * whoever signs in as the person may not be them alone — an admin can reset someone's password,
 * use the link and enrol their own authenticator, then propose the grant. The second admin sees
 * the same events listed; sign-ins from new browsers are listed but hold nothing.
 */

/** How far before a proposal the account's history counts, and is shown to the approver. */
export const LOOK_BACK_DAYS = 7;

export const lookBackFrom = (proposedAt: Date) =>
  new Date(proposedAt.getTime() - LOOK_BACK_DAYS * 86_400_000);

export interface GrantUnderReview {
  role: Role;
  proposedBy: string;
  proposedAt: Date;
  proposerEmail: string | null;
  targetEmail: string | null;
}

const inWords = (events: AccountEvent[]) =>
  [...events]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((event) => {
      const what = accountEventWhat(event);
      return `${what.charAt(0).toLowerCase()}${what.slice(1)} by ${accountEventBy(event)}`;
    })
    .join("; ");

/** Why approving the grant must wait, in words for both admins; null when it may be approved. */
export function grantHoldReason(grant: GrantUnderReview, events: AccountEvent[]): string | null {
  if (!(GATED_ROLES as readonly Role[]).includes(grant.role)) return null;
  const from = lookBackFrom(grant.proposedAt).getTime();
  const credentials = events.filter(
    (event) => event.kind === "credential" && event.createdAt.getTime() >= from,
  );
  const since = credentials.filter((event) => event.createdAt > grant.proposedAt);
  const byProposer = credentials.filter(
    (event) => event.actorId === grant.proposedBy && event.createdAt <= grant.proposedAt,
  );
  if (since.length === 0 && byProposer.length === 0) return null;
  const proposer = grant.proposerEmail ?? "the admin who proposed it";
  const changed = [
    since.length > 0 ? `since the grant was proposed (${inWords(since)})` : null,
    byProposer.length > 0
      ? `by ${proposer}, who proposed the grant, in the ${LOOK_BACK_DAYS} days before (${inWords(byProposer)})`
      : null,
  ].filter(Boolean);
  return [
    `This grant cannot be approved: the sign-in of ${grant.targetEmail ?? "the account"} changed ${changed.join(", and ")}.`,
    "Whoever signs in as them now may not be them alone.",
    `To go ahead, ${proposer} can cancel it and propose it again once things have settled: with no change to the account's sign-in after the proposal, and none by the proposer in the ${LOOK_BACK_DAYS} days before it.`,
  ].join(" ");
}
