"use client";

import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import { resetUserTwoFactorAction } from "@/lib/auth/two-factor-actions";
import type { Role } from "@/lib/auth/roles";

/**
 * For the users list: whether a user has two-factor, and (for support and viewer users) the
 * admin's direct reset. Resetting an admin's or finance user's two-factor waits for a second admin,
 * so for them this shows only the state; the users page offers that proposal instead.
 */
export function TwoFactorResetButton({
  user,
  enrolled,
  isCurrentUser,
}: {
  user: { id: string; email: string; role: Role };
  enrolled: boolean;
  isCurrentUser: boolean;
}) {
  const router = useRouter();
  const direct = enrolled && !isCurrentUser && (user.role === "support" || user.role === "viewer");
  return (
    <span className="inline-flex items-center gap-2">
      {enrolled ? <Badge tone="success">Two-factor on</Badge> : <Badge>Two-factor off</Badge>}
      {direct ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm">
              Reset two-factor
            </Button>
          }
          title={`Reset two-factor for ${user.email}?`}
          description="Their authenticator key and recovery codes stop working. They sign in with their password alone until they set up two-factor again. Do this when they lost their phone, after checking it is really them asking."
          confirmLabel="Reset two-factor"
          tone="danger"
          onConfirm={async () => {
            const result = await resetUserTwoFactorAction({ userId: user.id });
            if (result.ok) toast.success(result.data.message);
            else toast.error(result.message);
            router.refresh();
            return result.ok;
          }}
        />
      ) : null}
    </span>
  );
}
