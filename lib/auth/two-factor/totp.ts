import "server-only";
import { Secret, TOTP } from "otpauth";

/** Standard authenticator settings (RFC 6238 defaults every app supports). */
export const PERIOD_SECONDS = 30;
const ISSUER = "Paydesk";

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = ""): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS);
}

/**
 * The time step of a valid code, or null. One step either side of now is accepted (clocks drift);
 * a step at or before `lastUsedStep` is refused, so a code seen once (or an older one) cannot be
 * replayed.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = timeStep(nowMs) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
