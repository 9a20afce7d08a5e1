/**
 * Who may decide a pending change: pure, so the server's check when deciding (decide.ts) and the
 * buttons the page offers (review/queries.ts) follow one rule.
 *
 * - approve: an active admin other than the proposer and other than the person the change is for;
 * - reject: any active admin other than the proposer (the proposer cancels instead);
 * - cancel: only the proposer.
 */
export interface ChangeDecider {
  id: string;
  isActiveAdmin: boolean;
}

export interface ChangeParties {
  proposedBy: string;
  targetUserId: string | null;
}

export type ChangeDecision = { ok: true } | { ok: false; reason: string };

const NOT_ADMIN: ChangeDecision = {
  ok: false,
  reason: "Only an active admin can decide changes to who may pay.",
};

export function mayApprove(decider: ChangeDecider, change: ChangeParties): ChangeDecision {
  if (!decider.isActiveAdmin) return NOT_ADMIN;
  if (decider.id === change.proposedBy) {
    return {
      ok: false,
      reason: "You proposed this change, so a different admin must approve it.",
    };
  }
  if (decider.id === change.targetUserId) {
    return {
      ok: false,
      reason: "This change is to your own account, so a different admin must approve it.",
    };
  }
  return { ok: true };
}

export function mayReject(decider: ChangeDecider, change: ChangeParties): ChangeDecision {
  if (!decider.isActiveAdmin) return NOT_ADMIN;
  if (decider.id === change.proposedBy) {
    return { ok: false, reason: "You proposed this change: cancel it instead of rejecting it." };
  }
  return { ok: true };
}

export function mayCancel(decider: ChangeDecider, change: ChangeParties): ChangeDecision {
  if (decider.id !== change.proposedBy) {
    return {
      ok: false,
      reason: "Only the admin who proposed a change can cancel it. To stop it, reject it.",
    };
  }
  return { ok: true };
}
