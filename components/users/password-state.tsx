import { DateTime } from "@/components/display/date-time";
import { Badge } from "@/components/ui/badge";
import type { UserRow } from "./user-row";

/** Someone who has no password yet: their invitation or reset link, and whether it still works. */
export function PasswordState({ password }: { password: Extract<UserRow["password"], { set: false }> }) {
  const link = password.link;
  const reset = link?.kind === "password_reset";
  if (!link || link.expired) {
    return (
      <Badge tone="danger">
        {reset ? "Reset link expired" : link ? "Invitation expired" : "No password"}
      </Badge>
    );
  }
  return (
    <span className="text-xs text-slate-600">
      <Badge tone="warning">{reset ? "Password reset" : "Invited"}</Badge> Link expires{" "}
      <DateTime value={link.expiresAt} />
    </span>
  );
}
