import { describe, expect, it } from "vitest";
import { routeMatcher, UNMATCHED_ROUTE } from "./route-pattern";

// As .next/routes-manifest.json lists them.
const match = routeMatcher([
  { page: "/", regex: "^/(?:/)?$" },
  { page: "/invoices", regex: "^/invoices(?:/)?$" },
  { page: "/invoices/[id]", regex: "^/invoices/([^/]+?)(?:/)?$" },
  { page: "/join/[token]", regex: "^/join/([^/]+?)(?:/)?$" },
  { page: "/sandbox/[[...path]]", regex: "^/sandbox(?:/(.+?))?(?:/)?$" },
]);

describe("the route of a request path", () => {
  it("is the app's pattern, never the path's own values", () => {
    expect(match("/invoices/0b1c2d")).toBe("/invoices/[id]");
    expect(match("/join/secret-invitation-token")).toBe("/join/[token]");
    expect(match("/sandbox/api/v1/invoices")).toBe("/sandbox/[[...path]]");
  });

  it("matches static routes exactly, with or without a trailing slash", () => {
    expect(match("/")).toBe("/");
    expect(match("/invoices")).toBe("/invoices");
    expect(match("/invoices/")).toBe("/invoices");
  });

  it("puts framework files and unknown paths under a few fixed names", () => {
    expect(match("/_next/static/chunks/abc.js")).toBe("/_next/static");
    expect(match("/_next/image")).toBe("/_next");
    expect(match("/wp-admin/setup.php")).toBe(UNMATCHED_ROUTE);
  });
});
