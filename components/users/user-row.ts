import type { Role } from "@/lib/auth/roles";
import type { ChangeView } from "@/lib/change-review/queries";
import type { UserListItem } from "@/lib/users/queries";

/** A user as the users table and their edit view get them: plain JSON. */
export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Enrolled in two-factor sign-in. */
  twoFactor: boolean;
  /** Has a password; if not, the link to choose one (an invitation or a reset) and when it expires (ISO). */
  password:
    | { set: true }
    | {
        set: false;
        link: { kind: "invitation" | "password_reset"; expiresAt: string; expired: boolean } | null;
      };
  createdAt: string;
  /** A change to this user waiting for a second admin. */
  pendingChange: ChangeView | null;
}

export function toUserRow(user: UserListItem, pendingChange: ChangeView | null): UserRow {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: Boolean(user.disabledAt),
    twoFactor: user.twoFactor,
    password: user.password.set
      ? { set: true }
      : {
          set: false,
          link: user.password.link
            ? {
                kind: user.password.link.kind,
                expiresAt: user.password.link.expiresAt.toISOString(),
                expired: user.password.link.expired,
              }
            : null,
        },
    createdAt: user.createdAt.toISOString(),
    pendingChange,
  };
}
