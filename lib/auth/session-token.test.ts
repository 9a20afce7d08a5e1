import { describe, expect, it } from "vitest";
import { judgeSessionToken } from "./session-token";

const MAX_AGE = 300;
const SIGNED_IN = 1_000_000;
const user = { sessionVersion: 2, disabledAt: null };
const token = { sub: "u1", sv: 2, signedInAt: SIGNED_IN };

describe("judging a session token", () => {
  it("is active within the lifetime, for an enabled user on the same session version", () => {
    expect(judgeSessionToken(token, user, SIGNED_IN + MAX_AGE - 1, MAX_AGE)).toBe("active");
  });

  it("expires the lifetime after sign-in, whatever happened since", () => {
    expect(judgeSessionToken(token, user, SIGNED_IN + MAX_AGE, MAX_AGE)).toBe("expired");
    expect(judgeSessionToken({ ...token, signedInAt: undefined }, user, SIGNED_IN, MAX_AGE)).toBe("expired");
  });

  it("is superseded once the user's session version moved on (sign-out, role change, disable)", () => {
    expect(judgeSessionToken(token, { ...user, sessionVersion: 3 }, SIGNED_IN + 1, MAX_AGE)).toBe(
      "superseded",
    );
    expect(judgeSessionToken({ ...token, sv: undefined }, user, SIGNED_IN + 1, MAX_AGE)).toBe("superseded");
  });

  it("refuses a disabled or vanished user", () => {
    expect(judgeSessionToken(token, { ...user, disabledAt: new Date() }, SIGNED_IN + 1, MAX_AGE)).toBe(
      "disabled",
    );
    expect(judgeSessionToken(token, undefined, SIGNED_IN + 1, MAX_AGE)).toBe("unknown-user");
  });
});
