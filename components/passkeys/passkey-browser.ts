import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { FieldErrors } from "@/lib/auth/action-result";

/**
 * The browser's side of passkeys: ask the server for a prompt, show it (@simplewebauthn/browser,
 * loaded on first use), and turn what can go wrong into words. Nothing here decides anything: the
 * server checks every answer.
 */

export type Outcome<T> =
  | { ok: true; value: T }
  /** `fieldErrors`: the server's refusal by field (the password or a second factor asked for first). */
  | { ok: false; message: string; stepUp?: boolean; fieldErrors?: FieldErrors };

const CANCELLED =
  "No passkey was used: the prompt was cancelled or timed out, or this device has no passkey for this account.";

/** What a failed browser prompt means for the person. */
export function describePasskeyError(error: unknown, during: "create" | "use"): string {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return "This device already holds a passkey for your account.";
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID" || name === "SecurityError")
    return "Passkeys do not work on this address. Open Paydesk by its name (its public URL, or localhost), not an IP address.";
  if (code === "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT")
    return "This authenticator cannot verify you (no PIN, fingerprint or face). Use another one.";
  if (name === "NotSupportedError") return "This browser or device does not support passkeys.";
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return during === "create" ? "No passkey was created: the prompt was cancelled or timed out." : CANCELLED;
  return during === "create"
    ? "The passkey could not be created. Try again."
    : "The passkey could not be used. Try again, or sign in another way.";
}

async function postJson(url: string, body: unknown): Promise<Outcome<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, message: "Paydesk could not be reached. Check your connection and try again." };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, value: data };
  const { message, stepUp, fieldErrors } = (data ?? {}) as {
    message?: unknown;
    stepUp?: unknown;
    fieldErrors?: unknown;
  };
  return {
    ok: false,
    message: typeof message === "string" ? message : "Something went wrong on our side. Try again.",
    stepUp: Boolean(stepUp),
    ...(isFieldErrors(fieldErrors) ? { fieldErrors } : {}),
  };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === "string"),
    )
  );
}

async function answerPrompt(url: string, body: unknown): Promise<Outcome<AuthenticationResponseJSON>> {
  const options = await postJson(url, body);
  if (!options.ok) return options;
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    return { ok: true, value: await startAuthentication({ optionsJSON: options.value as never }) };
  } catch (error) {
    return { ok: false, message: describePasskeyError(error, "use") };
  }
}

/** A passkey's answer confirming this session's second factor (for a step-up). */
export function confirmWithPasskey(): Promise<Outcome<AuthenticationResponseJSON>> {
  return answerPrompt("/api/passkeys/confirm-options", {});
}

/** A passkey's answer for signing in: any of this site's passkeys, or the account's of `email`. */
export function passkeyForSignIn(email?: string): Promise<Outcome<AuthenticationResponseJSON>> {
  return answerPrompt("/api/passkeys/sign-in-options", email ? { email } : {});
}

/**
 * A new passkey from this device. The server first asks for the password (a refusal on the
 * `password` field) and, from a user who has a second factor, to confirm it (`proof`; it answers
 * `stepUp` with what to give when that is needed).
 */
export async function createPasskey(proof: {
  code?: string;
  passkey?: AuthenticationResponseJSON;
}): Promise<Outcome<RegistrationResponseJSON>> {
  const options = await postJson("/api/passkeys/registration-options", proof);
  if (!options.ok) return options;
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    return { ok: true, value: await startRegistration({ optionsJSON: options.value as never }) };
  } catch (error) {
    return { ok: false, message: describePasskeyError(error, "create") };
  }
}
