import { describe, expect, it } from "vitest";
import { API_CSP, cspKindOf, isPublicUrlHttps, newNonce, pageCsp } from "./security-headers";

describe("the page CSP", () => {
  it("allows scripts only with the nonce, eval only in development", () => {
    const csp = pageCsp({ nonce: "abc", dev: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(pageCsp({ nonce: "abc", dev: true, https: false })).toContain("'unsafe-eval'");
    expect(pageCsp({ nonce: "abc", dev: false, https: true })).toContain("upgrade-insecure-requests");
  });

  it("gets a fresh, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("which policy a path gets", () => {
  it.each([
    ["/", "page"],
    ["/invoices/1", "page"],
    ["/login", "page"],
    ["/api/invoices/export", "api"],
    ["/sandbox/v1/invoices", "api"],
    ["/sandbox/pay/1", "own"],
    ["/sandbox/pay/1/method", "own"],
    ["/sandbox/mail", "own"],
    ["/sandbox/mail/1/html", "own"],
    ["/api/mail/unsubscribe", "own"],
  ] as const)("%s -> %s", (path, kind) => expect(cspKindOf(path)).toBe(kind));

  it("route handlers may load and frame nothing", () => {
    expect(API_CSP).toContain("default-src 'none'");
    expect(API_CSP).toContain("frame-ancestors 'none'");
  });
});

describe("HSTS", () => {
  it("is sent only when the public URL is https", () => {
    expect(isPublicUrlHttps({ NEXTAUTH_URL: "https://paydesk.example.com" })).toBe(true);
    expect(isPublicUrlHttps({ PAYDESK_URL: "https://paydesk.example.com" })).toBe(true);
    expect(isPublicUrlHttps({ NEXTAUTH_URL: "http://127.0.0.1:3000" })).toBe(false);
    expect(isPublicUrlHttps({})).toBe(false);
  });
});
