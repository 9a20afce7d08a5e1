/**
 * The value lists that table columns are constrained to. They live here, at the bottom layer, so
 * the schema imports no feature; features import them (through lib/auth/roles and
 * lib/withdrawals/state-machine). Plain constants only: client components reach this file.
 */
export const ROLES = ["admin", "finance", "support", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** See lib/withdrawals/state-machine.ts for the moves between them. */
export const WITHDRAWAL_STATES = [
  "awaiting_approval",
  "approved",
  "submitting",
  "submitted",
  "failed",
  "unknown",
  "rejected",
  "cancelled",
  "paid",
  "service_failed",
  "needs_review",
  "conflict",
  "closed",
] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** Changes that wait for a second admin; see lib/db/schema/changes.ts. */
export const CHANGE_KINDS = [
  "grant_role",
  "enable_user",
  "reset_two_factor",
  "reset_password",
  "approval_threshold",
  "sso_second_factor",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_STATES = ["pending", "approved", "rejected", "cancelled"] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

/** How an invoice exception was dealt with; see lib/db/schema/exceptions.ts. */
export const RESOLUTION_KINDS = ["refunded", "accepted_as_paid", "marked_resolved"] as const;
export type ResolutionKind = (typeof RESOLUTION_KINDS)[number];

/** What a notification is about; "change": a pending change (lib/changes) waiting for another admin. */
export const NOTIFICATION_OBJECT_TYPES = ["invoice", "withdrawal", "change", "report"] as const;
export type NotificationObjectType = (typeof NOTIFICATION_OBJECT_TYPES)[number];

/** How a session's second factor was given (lib/db/schema/sessions.ts). */
export const SECOND_FACTORS = ["totp", "recovery", "passkey"] as const;

/** How a session's person proved who they are at sign-in (lib/db/schema/sessions.ts). */
export const SIGN_IN_METHODS = ["password", "passkey", "sso"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** One-time links that let a person choose their password (lib/db/schema/account-links.ts). */
export const ACCOUNT_LINK_KINDS = ["invitation", "password_reset"] as const;
export type AccountLinkKind = (typeof ACCOUNT_LINK_KINDS)[number];

/** What a WebAuthn challenge was issued for (lib/db/schema/passkeys.ts). */
export const WEBAUTHN_PURPOSES = ["register", "sign_in", "confirm"] as const;
export type WebauthnPurpose = (typeof WEBAUTHN_PURPOSES)[number];

/** The settings key of how the business presents itself in customer email (lib/mail/identity.ts reads it whole). */
export const MAIL_IDENTITY_KEY = "mail_identity";

/** The settings key of the merchant's reporting currency (lib/books/reporting-currency.ts): { currency }. */
export const REPORTING_CURRENCY_KEY = "reporting_currency";

/** The settings key of whether a single sign-on counts as a second factor (lib/auth/sso/second-factor-setting.ts): { counts }. */
export const SSO_SECOND_FACTOR_KEY = "sso_second_factor";
