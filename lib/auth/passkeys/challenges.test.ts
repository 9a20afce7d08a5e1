import { describe, expect, it } from "vitest";
import { challengeOfAnswer } from "./challenges";

const clientData = (challenge: unknown) =>
  Buffer.from(
    JSON.stringify({ type: "webauthn.create", challenge, origin: "https://paydesk.test" }),
  ).toString("base64url");

describe("the challenge a passkey answer names", () => {
  it("is read when it is one this server could have issued (base64url)", () => {
    expect(challengeOfAnswer(clientData("q1Zt-9_xAbC"))).toBe("q1Zt-9_xAbC");
  });

  it("is no answer at all when it holds anything else: a NUL (which the database refuses), spaces, too much", () => {
    // fast-check found the NUL (lib/validation/hostile-actions.db.test.ts): it reached the query as an "unexpected" error.
    for (const challenge of ["\u0000", "a b", "x".repeat(513), "", 42, null]) {
      expect(challengeOfAnswer(clientData(challenge))).toBeNull();
    }
    expect(challengeOfAnswer("not base64 json")).toBeNull();
  });
});
