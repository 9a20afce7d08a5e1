import type { AuditAction } from "./actions";

/**
 * The audit actions that change what lets a person sign in: their password (chosen, changed,
 * reset, or a new link to choose one), and their second factors (authenticator app, passkeys,
 * recovery codes), and their binding to the company's single sign-on. A second admin approving a role grant sees these for the account, and a grant
 * to finance or admin waits while they are fresh (lib/users/grant-hold.ts). A new action of this
 * kind is added here.
 */
export const CREDENTIAL_ACTIONS = [
  "user.password_set",
  "user.password_changed",
  "user.password_reset",
  "user.invitation_renewed",
  "user.two_factor_enrolled",
  "user.two_factor_reset",
  "user.recovery_codes_replaced",
  "user.sso_linked",
  "passkey.added",
  "passkey.removed",
] as const satisfies readonly AuditAction[];

export type CredentialAction = (typeof CREDENTIAL_ACTIONS)[number];
