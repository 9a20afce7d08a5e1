import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { GATED_ROLES } from "@/lib/changes/payloads";

export interface RoleChangeOutcome {
  /** True when the change waits for a second admin (to finance or admin: lib/users/user-changes.ts). */
  waits: boolean;
  title: string;
  /** What happens, in order, one sentence each. */
  lines: string[];
  confirmLabel: string;
}

/**
 * What a role change will do, for the confirmation before it is sent: the same rule the server
 * applies (changeRole), in words. Plain, so the edit view (a client component) and tests use it.
 */
export function whatARoleChangeDoes({
  user,
  to,
  isSelf,
  approvers,
}: {
  user: { email: string; name: string; role: Role };
  to: Role;
  isSelf: boolean;
  /** The admins who would be notified: active, not the proposer, not the person it is for. */
  approvers: number;
}): RoleChangeOutcome {
  const who = isSelf ? "you" : user.name;
  const signIn = isSelf
    ? `you are signed out everywhere and sign in again as ${ROLE_LABELS[to]}.`
    : `${user.name} is signed out everywhere and signs in again as ${ROLE_LABELS[to]}.`;
  if ((GATED_ROLES as readonly Role[]).includes(to)) {
    return {
      waits: true,
      title: `Propose making ${user.email} ${ROLE_LABELS[to]}?`,
      lines: [
        `Finance and Admin decide who may pay, so this waits for a second admin. Until one approves it, ${who} ${isSelf ? "stay" : "stays"} ${ROLE_LABELS[user.role]}.`,
        approvers === 0
          ? "No other active admin can approve it now: make another user an admin, or apply it from the command line on the server (node paydesk.cjs change:break-glass)."
          : approvers === 1
            ? "The other admin who may approve it is notified now."
            : `The ${approvers} other admins who may approve it are notified now.`,
        `Once approved, ${signIn}`,
      ],
      confirmLabel: "Propose the change",
    };
  }
  return {
    waits: false,
    title: `Make ${user.email} ${ROLE_LABELS[to]} now?`,
    lines: [
      `This applies at once, with no second admin: ${ROLE_LABELS[to]} needs no approval.`,
      `Then ${signIn}`,
      ...(user.role === "admin" || user.role === "finance"
        ? [`${isSelf ? "You lose" : `${user.name} loses`} what ${ROLE_LABELS[user.role]} may do, now.`]
        : []),
    ],
    confirmLabel: "Change the role now",
  };
}
