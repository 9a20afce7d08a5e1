/**
 * What the server and the browser both need to know of the fresh-identity guard (fresh-identity.ts):
 * how long a confirmation lasts, and the fields its refusals land on. No secrets here: the password
 * dialog imports it.
 */

/** How long proving one's identity afresh (the password, or a new company sign-in) lets one change second factors. */
export const FRESH_IDENTITY_MINUTES = 5;

/** The field a refusal for want of a fresh password lands on: the password dialog opens on it. */
export const IDENTITY_FIELD = "password";

/**
 * Beside IDENTITY_FIELD when typing a password cannot help (the person has none): the dialog then
 * offers to sign in again instead of a password field. The single sign-on button plugs in here.
 */
export const SIGN_IN_AGAIN_FIELD = "signInAgain";

/**
 * Where the second factor's refusal lands in an action whose own form has a `code` field (turning
 * the authenticator app on with its first code), so the two are not confused.
 */
export const SECOND_FACTOR_FIELD = "secondFactor";

export const CONFIRM_PASSWORD_MESSAGE = `Confirm it's you with your password: changing your second factors or recovery codes needs it within the last ${FRESH_IDENTITY_MINUTES} minutes.`;

/** For a person who signs in only with the company's sign-in (single sign-on): no password to confirm. */
export const SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE = `Your account signs in with your company's sign-in, not a password. To confirm it's you, sign out and sign in again with your company sign-in, then do this within ${FRESH_IDENTITY_MINUTES} minutes.`;

/** For a person without a password who signed in with a passkey (an admin reset their password). */
export const CHOOSE_PASSWORD_FIRST_MESSAGE =
  "Your account has no password now (an admin reset it). Choose one through the link you were sent, sign in with it, then do this.";
