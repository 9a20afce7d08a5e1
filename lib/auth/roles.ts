import { ROLES, type Role } from "@/lib/db/schema/enums";

export { ROLES, type Role };

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  finance: "Finance",
  support: "Support",
  viewer: "Viewer",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
