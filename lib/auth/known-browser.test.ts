import { describe, expect, it } from "vitest";
import { issueKnownBrowser, knownBrowserCookie, knownBrowserId } from "./known-browser";

const SECRET = "a-test-secret-0123456789abcdef";

describe("the known-browser cookie", () => {
  it("names the browser for the email it was issued for, in any case", () => {
    const value = issueKnownBrowser(SECRET, "ana@example.com");
    const id = knownBrowserId(SECRET, "ana@example.com", value);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(knownBrowserId(SECRET, "ANA@example.com", value)).toBe(id);
  });

  it("means nothing for another email, under another secret, or tampered with", () => {
    const value = issueKnownBrowser(SECRET, "ana@example.com");
    expect(knownBrowserId(SECRET, "bob@example.com", value)).toBeNull();
    expect(knownBrowserId("another-secret-0123456789abcdef", "ana@example.com", value)).toBeNull();
    const [id = "", signature = ""] = value.split(".");
    const otherId = `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
    expect(knownBrowserId(SECRET, "ana@example.com", `${otherId}.${signature}`)).toBeNull();
    for (const junk of [undefined, "", "x", "a.b.c", "\u0000", "a".repeat(500)]) {
      expect(knownBrowserId(SECRET, "ana@example.com", junk)).toBeNull();
    }
  });

  it("is found in a Cookie header among others", () => {
    expect(knownBrowserCookie("a=1; paydesk-known-browser=abc.def; b=2")).toBe("abc.def");
    expect(knownBrowserCookie("a=1")).toBeUndefined();
    expect(knownBrowserCookie(undefined)).toBeUndefined();
  });
});
