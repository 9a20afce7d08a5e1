import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Role } from "@/lib/auth/roles";
import { countChangesWaitingFor } from "@/lib/changes/waiting";
import type { DbOrTx } from "@/lib/db/types";
import { countUnresolvedExceptions } from "@/lib/exceptions/unresolved";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { readInbox, type Inbox } from "@/lib/notifications/inbox";
import { mutedKindsOf } from "@/lib/notifications/mutes";
import type { MutableKind } from "@/lib/notifications/mutable-kinds";
import { NAV_COUNT_CAPS } from "@/lib/notifications/nav-count-caps";
import { countAwaitingMyApproval } from "@/lib/withdrawals/approval-queue";
import { countPayoutsNeedingAttention } from "@/lib/withdrawals/attention";

/** What waits for the signed-in person: their notifications and the counts in the navigation. */
export interface WhatWaits extends Inbox {
  /** The kinds of information this person gets and may mute (an invoice's creator hears it expired). */
  mayMute: MutableKind[];
  /** Of those, the ones they muted. */
  muted: MutableKind[];
  /** Requests waiting for this person's approval (finance), else null. */
  approvals: number | null;
  /** Unresolved invoice exceptions (people who resolve them), else null; counted up to its cap. */
  exceptions: number | null;
  /** Payouts that wait for someone in finance (refused, failed, to review, in conflict), else null. */
  payouts: number | null;
  /** Pending changes this admin may approve (proposed by another admin, not about them), else null. */
  changes: number | null;
}

export async function whatWaitsFor(
  db: DbOrTx,
  user: { id: string; role: Role; timeZone: string | null; numberLocale: string | null },
): Promise<WhatWaits> {
  const mayApprove = can(user.role, "withdrawals:approve");
  const [inbox, muted, approvals, exceptions, payouts, changes] = await Promise.all([
    readInbox(db, { id: user.id, timeZone: displayPreferencesOf(user).timeZone }),
    mutedKindsOf(db, user.id),
    mayApprove ? countAwaitingMyApproval(db, user.id, NAV_COUNT_CAPS.approvals) : null,
    can(user.role, "invoices:resolve") ? countUnresolvedExceptions(db, NAV_COUNT_CAPS.exceptions) : null,
    mayApprove ? countPayoutsNeedingAttention(db, NAV_COUNT_CAPS.payouts) : null,
    can(user.role, "changes:decide") ? countChangesWaitingFor(db, user.id, NAV_COUNT_CAPS.changes) : null,
  ]);
  const mayMute: MutableKind[] = can(user.role, "invoices:create") ? ["invoice.expired"] : [];
  return { ...inbox, mayMute, muted, approvals, exceptions, payouts, changes };
}
