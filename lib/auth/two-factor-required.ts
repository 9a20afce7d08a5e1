/**
 * Not a message for people: authorize() answers it after the right password, and the sign-in form
 * asks for the code. A module of its own so the sign-in page can know it without loading zod.
 */
export const TWO_FACTOR_REQUIRED = "two-factor-required";
