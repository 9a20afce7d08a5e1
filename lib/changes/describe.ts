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
  }
}

export const CHANGE_STATE_LABELS = {
  pending: "Waiting for a second admin",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
} as const;
