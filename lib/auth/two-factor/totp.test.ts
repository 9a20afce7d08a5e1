import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCode } from "./recovery-codes";
import { openSecret, sealSecret, secretKey } from "./secret-box";
import { acceptedStep, newSecret, otpauthUri, PERIOD_SECONDS, timeStep } from "./totp";

const secret = newSecret();
const codeFor = (base32: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(base32), timestamp: ms });
const codeAt = (ms: number) => codeFor(secret, ms);
const NOW = Date.UTC(2026, 10, 23, 22, 0, 10);
const STEP_MS = PERIOD_SECONDS * 1000;

describe("TOTP codes (injected clock)", () => {
  it("accepts the current code and gives its time step", () => {
    expect(acceptedStep(secret, codeAt(NOW), NOW, null)).toBe(timeStep(NOW));
  });

  it("accepts one step either side (clock drift) and nothing further", () => {
    expect(acceptedStep(secret, codeAt(NOW - STEP_MS), NOW, null)).toBe(timeStep(NOW) - 1);
    expect(acceptedStep(secret, codeAt(NOW + STEP_MS), NOW, null)).toBe(timeStep(NOW) + 1);
    expect(acceptedStep(secret, codeAt(NOW - 2 * STEP_MS), NOW, null)).toBeNull();
    expect(acceptedStep(secret, codeAt(NOW + 2 * STEP_MS), NOW, null)).toBeNull();
  });

  it("refuses a code whose step was already used, and any older one", () => {
    const used = timeStep(NOW);
    expect(acceptedStep(secret, codeAt(NOW), NOW, used)).toBeNull();
    expect(acceptedStep(secret, codeAt(NOW - STEP_MS), NOW, used)).toBeNull();
    expect(acceptedStep(secret, codeAt(NOW + STEP_MS), NOW, used)).toBe(used + 1);
  });

  it("refuses another secret's code and anything that is not 6 digits", () => {
    const other = newSecret();
    expect(acceptedStep(secret, codeFor(other, NOW), NOW, null)).toBeNull();
    expect(acceptedStep(secret, "12345", NOW, null)).toBeNull();
    expect(acceptedStep(secret, "abcdef", NOW, null)).toBeNull();
  });

  it("accepts a code typed with spaces", () => {
    const code = codeAt(NOW);
    expect(acceptedStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, NOW, null)).toBe(timeStep(NOW));
  });

  it("puts issuer, account and secret in the otpauth URI", () => {
    const uri = otpauthUri(secret, "ann@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Paydesk:ann%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
  });
});

describe("sealed secrets", () => {
  const key = secretKey("a-test-secret-of-some-length");
  it("opens with the same key, and not with another or after tampering", () => {
    const sealed = sealSecret(key, secret);
    expect(sealed).not.toContain(secret);
    expect(openSecret(key, sealed)).toBe(secret);
    expect(openSecret(secretKey("another-secret-of-some-length"), sealed)).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(openSecret(key, tampered)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are distinct, high-entropy, and hash the same however they are typed", () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    expect(new Set(codes).size).toBe(50);
    const code = String(codes[0]);
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(looksLikeRecoveryCode(code)).toBe(true);
    expect(hashRecoveryCode(code.toUpperCase().replaceAll("-", " "))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toContain(code.replaceAll("-", ""));
  });
});
