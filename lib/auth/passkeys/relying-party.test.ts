import { describe, expect, it } from "vitest";
import { relyingPartyOf, relyingPartyProblem } from "./relying-party";

describe("the relying party passkeys belong to", () => {
  it("is the public URL's host when NEXTAUTH_URL is set, whatever host the request names", () => {
    const rp = relyingPartyOf(
      { NEXTAUTH_URL: "https://pay.example.com/" },
      { host: "attacker.example", forwardedProto: "http" },
    );
    expect(rp).toEqual({ id: "pay.example.com", name: "Paydesk", origin: "https://pay.example.com" });
    expect(relyingPartyProblem(rp)).toBeNull();
  });

  it("keeps the public URL's port in the origin but not in the id", () => {
    expect(relyingPartyOf({ NEXTAUTH_URL: "http://localhost:3000" }, { host: null })).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3000",
    });
  });

  it("falls back to the request's host (demo and development), https when the proxy says so", () => {
    // PAYDESK_URL is the server's own loopback address, not where people open Paydesk.
    expect(relyingPartyOf({ PAYDESK_URL: "http://127.0.0.1:3000" }, { host: "localhost:3000" })?.id).toBe(
      "localhost",
    );
    expect(relyingPartyOf({}, { host: "localhost:3210" })).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3210",
    });
    expect(relyingPartyOf({}, { host: "desk.example", forwardedProto: "https" })?.origin).toBe(
      "https://desk.example",
    );
  });

  it("explains that an IP address cannot be one, and that nothing usable is no relying party", () => {
    expect(relyingPartyProblem(relyingPartyOf({}, { host: "127.0.0.1:3210" }))).toMatch(
      /IP address.*localhost/,
    );
    expect(relyingPartyProblem(relyingPartyOf({}, { host: null }))).toMatch(/not available/);
    expect(relyingPartyProblem(relyingPartyOf({ NEXTAUTH_URL: "not a url" }, { host: "x" }))).toMatch(
      /not available/,
    );
  });
});
