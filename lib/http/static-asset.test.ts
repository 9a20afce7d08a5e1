import { describe, expect, it } from "vitest";
import { isStaticAsset } from "./observe-requests";
import { UNMATCHED_ROUTE } from "./route-pattern";

describe("which requests are static assets, left out of the access log by default", () => {
  it("counts the build's assets, the favicon and public files served", () => {
    expect(isStaticAsset("/_next/static/chunks/app-1a2b.js", "/_next/static", 200)).toBe(true);
    expect(isStaticAsset("/_next/static/css/x.css", "/_next/static", 304)).toBe(true);
    expect(isStaticAsset("/favicon.ico", "/favicon.ico", 200)).toBe(true);
    expect(isStaticAsset("/robots.txt", UNMATCHED_ROUTE, 200)).toBe(true);
  });

  it("keeps pages, API routes, unknown paths and any failure in the log", () => {
    expect(isStaticAsset("/invoices", "/invoices", 200)).toBe(false);
    expect(isStaticAsset("/api/metrics", "/api/metrics", 200)).toBe(false);
    expect(isStaticAsset("/nowhere", UNMATCHED_ROUTE, 404)).toBe(false);
    expect(isStaticAsset("/wp-login.php", UNMATCHED_ROUTE, 404)).toBe(false);
    expect(isStaticAsset("/_next/static/chunks/gone.js", "/_next/static", 404)).toBe(false);
  });
});
