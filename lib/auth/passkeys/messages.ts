/** Why a passkey's answer was not accepted, and what the person is told. */
export type PasskeyRefusal = "expired" | "unknown" | "invalid" | "no-verification" | "duplicate";

export const PASSKEY_REFUSALS: Record<PasskeyRefusal, string> = {
  expired: "The passkey prompt expired or was already answered. Try again.",
  unknown:
    "This passkey is not registered with Paydesk (it may have been removed). Use another passkey, or sign in with your password.",
  invalid:
    "The passkey's answer could not be verified. Try again; if it keeps failing, use another way to sign in.",
  "no-verification":
    "Your passkey did not verify you (a PIN, fingerprint or face). Use a passkey that asks for one.",
  duplicate: "This passkey is registered already.",
};
