import "server-only";
import { readAccountHistory, type AccountEvent } from "@/lib/audit/account-history";
import { accountEventBy, accountEventWhat } from "@/lib/audit/account-event-words";
import { describeUserAgent } from "@/lib/auth/user-agent";
import type { PendingChange } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { lookBackFrom } from "@/lib/users/grant-hold";

/** One thing that happened to the account's sign-in, as the approval dialog lists it. */
export interface AccountEventView {
  id: string;
  /** ISO 8601; shown in the reader's zone. */
  at: string;
  what: string;
  by: string;
  byProposer: boolean;
  byThemselves: boolean;
  afterProposal: boolean;
  /** A credential changed (it can hold a grant); false for a sign-in from a new browser. */
  credential: boolean;
  /** The browser and address it came from, when the entry wrote them down. */
  from: string | null;
}

export interface AccountHistoryView {
  /** ISO 8601: the start of the days before the proposal that are shown. */
  since: string;
  events: AccountEventView[];
  /** More happened than is listed: the audit log, filtered on this person, has it all. */
  more: boolean;
}

const SHOWN = 50;

function viewOf(event: AccountEvent, change: PendingChange): AccountEventView {
  return {
    id: event.id,
    at: event.createdAt.toISOString(),
    what: accountEventWhat(event),
    by: accountEventBy(event),
    byProposer: event.actorId === change.proposedBy,
    byThemselves: event.actorId !== null && event.actorId === change.targetUserId,
    afterProposal: event.createdAt > change.proposedAt,
    credential: event.kind === "credential",
    from: event.clientAddress
      ? `${describeUserAgent(event.userAgent)}, ${event.clientAddress}`
      : event.userAgent
        ? describeUserAgent(event.userAgent)
        : null,
  };
}

/**
 * What happened to the sign-in of the account a role grant is for, from the days before its
 * proposal until now, newest first: what the second admin reads before approving it.
 */
export async function accountHistoryOf(
  db: DbOrTx,
  change: PendingChange,
): Promise<AccountHistoryView | null> {
  if (change.kind !== "grant_role" || !change.targetUserId) return null;
  const since = lookBackFrom(change.proposedAt);
  const { events, more } = await readAccountHistory(db, change.targetUserId, since, { limit: SHOWN });
  return { since: since.toISOString(), events: events.map((event) => viewOf(event, change)), more };
}
