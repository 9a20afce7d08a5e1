import type { Role } from "@/lib/db/schema";

/** Outside demo mode, the roles that configure or pay must have two-factor before they do anything. */
export function roleMustEnroll(role: Role, demo: boolean): boolean {
  return !demo && (role === "admin" || role === "finance");
}

export const ENROLL_PATH = "/account/two-factor";

export const ENROLL_FIRST_MESSAGE =
  "Set up two-factor sign-in first: admin and finance accounts need it before they can change anything. " +
  "Open Account → Two-factor sign-in, or add a passkey under Account → Passkeys.";
