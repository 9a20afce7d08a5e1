import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Role } from "@/lib/auth/roles";
import { countChangesWaitingFor } from "@/lib/changes/waiting";
import type { DbOrTx } from "@/lib/db/types";
import { countUnresolvedExceptions } from "@/lib/exceptions/unresolved";
import { readInbox, type InboxItem } from "@/lib/notifications/inbox";
import { NAV_COUNT_CAPS } from "@/lib/notifications/nav-count-caps";
import { countAwaitingMyApproval } from "@/lib/withdrawals/approval-queue";
import { countPayoutsNeedingAttention } from "@/lib/withdrawals/attention";

/** What waits for the signed-in person: their notifications and the counts in the navigation. */
export interface WhatWaits {
  unread: number;
  items: InboxItem[];
  /** Requests waiting for this person's approval (finance), else null. */
  approvals: number | null;
  /** Unresolved invoice exceptions (people who resolve them), else null; counted up to its cap. */
  exceptions: number | null;
  /** Payouts that wait for someone in finance (refused, failed, to review, in conflict), else null. */
  payouts: number | null;
  /** Pending changes this admin may approve (proposed by another admin, not about them), else null. */
  changes: number | null;
}

export async function whatWaitsFor(db: DbOrTx, user: { id: string; role: Role }): Promise<WhatWaits> {
  const mayApprove = can(user.role, "withdrawals:approve");
  const [inbox, approvals, exceptions, payouts, changes] = await Promise.all([
    readInbox(db, user.id),
    mayApprove ? countAwaitingMyApproval(db, user.id, NAV_COUNT_CAPS.approvals) : null,
    can(user.role, "invoices:resolve") ? countUnresolvedExceptions(db, NAV_COUNT_CAPS.exceptions) : null,
    mayApprove ? countPayoutsNeedingAttention(db, NAV_COUNT_CAPS.payouts) : null,
    can(user.role, "changes:decide") ? countChangesWaitingFor(db, user.id, NAV_COUNT_CAPS.changes) : null,
  ]);
  return { ...inbox, approvals, exceptions, payouts, changes };
}
