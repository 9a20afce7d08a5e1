import { AUDIT_ACTION_LABELS } from "./action-labels";
import type { AccountEvent } from "./account-history";

const LINK_WORDS: Record<string, string> = {
  invitation: "invitation link",
  password_reset: "password reset link",
};

const textAt = (json: unknown, ...path: string[]): string | null => {
  let value: unknown = json;
  for (const key of path) {
    if (value === null || typeof value !== "object") return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" ? value : null;
};

/** What one event of an account's history did, in words: "Password reset", "Passkey “Work” added". */
export function accountEventWhat(event: AccountEvent): string {
  const passkey = textAt(event.after, "passkey", "name") ?? textAt(event.before, "passkey", "name");
  const newLink = textAt(event.after, "newLink");
  if (newLink) return `Enabled again, with a new ${LINK_WORDS[newLink] ?? "link"}`;
  switch (event.action) {
    case "auth.signed_in":
      return "Signed in from a browser new to the account";
    case "user.password_set":
      return textAt(event.after, "link") === "invitation"
        ? "Password chosen through the invitation link"
        : "New password chosen through a password reset link";
    case "user.invitation_renewed":
      return "New invitation link made";
    case "user.two_factor_reset":
      return event.actorId !== null && event.actorId === event.objectId
        ? "Authenticator app turned off"
        : "Two-factor sign-in reset (authenticator app, passkeys and recovery codes)";
    case "passkey.added":
      return passkey ? `Passkey “${passkey}” added` : "Passkey added";
    case "passkey.removed":
      return passkey ? `Passkey “${passkey}” removed` : "Passkey removed";
    case "change.approved":
      return textAt(event.after, "change", "kind") === "reset_two_factor"
        ? "Two-factor sign-in reset (approved change)"
        : "Password reset (approved change)";
    default:
      return (AUDIT_ACTION_LABELS as Partial<Record<string, string>>)[event.action] ?? event.action;
  }
}

/** Who did it: the person's email as the entry wrote it down, or what acted. */
export function accountEventBy(event: Pick<AccountEvent, "actorKind" | "actorEmail">): string {
  switch (event.actorKind) {
    case "cli":
      return event.actorEmail ? `${event.actorEmail} (at the command line)` : "the command line";
    case "system":
      return "Paydesk";
    case "webhook":
      return "the payment service";
    case "user":
      return event.actorEmail ?? "someone";
  }
}
