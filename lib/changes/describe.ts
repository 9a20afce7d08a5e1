import type { ChangeKind } from "@/lib/db/schema/enums";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { PAYLOADS } from "./payloads";

/** One change in plain words, for the pages, the audit notes and the command line. */
export function describeChange(
  change: { kind: ChangeKind; payload: unknown },
  target: string | null,
): string {
  const who = target ?? "a user who no longer exists";
  switch (change.kind) {
    case "grant_role": {
      const parsed = PAYLOADS.grant_role.safeParse(change.payload);
      return parsed.success ? `Make ${who} ${ROLE_LABELS[parsed.data.role]}` : `Change the role of ${who}`;
    }
    case "enable_user":
      return `Enable ${who} again`;
    case "reset_two_factor":
      return `Reset the two-factor sign-in of ${who} (authenticator app, passkeys and recovery codes)`;
    case "reset_password":
      return `Reset the password of ${who}`;
    case "approval_threshold": {
      const parsed = PAYLOADS.approval_threshold.safeParse(change.payload);
      const threshold = parsed.success ? parsed.data.threshold : null;
      return threshold
        ? `Require two approvers above ${threshold.amount} ${threshold.fiatCurrency}`
        : "Remove the two-approver threshold: one approver for every withdrawal";
    }
    case "sso_second_factor": {
      const parsed = PAYLOADS.sso_second_factor.safeParse(change.payload);
      return parsed.success && !parsed.data.counts
        ? "Stop counting single sign-on as a second factor"
        : "Count single sign-on as a second factor: a sign-in with the company's provider confirms the session's second factor";
    }
  }
}

export const CHANGE_STATE_LABELS = {
  pending: "Waiting for a second admin",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
} as const;

/**
 * What the proposer is told: who was notified, rather than "ask another admin". With nobody to
 * notify (a single admin), the way out is break-glass from the command line.
 */
export function waitsForAnotherAdmin(notified: number): string {
  if (notified === 0) {
    return "No other active admin can approve it: make another user an admin, or apply it from the command line on the server (node paydesk.cjs change:break-glass).";
  }
  const told =
    notified === 1
      ? "The other admin who may approve it was"
      : `The ${notified} other admins who may approve it were`;
  return `${told} notified; it applies once ${notified === 1 ? "they approve" : "one of them approves"} it under Pending changes.`;
}
