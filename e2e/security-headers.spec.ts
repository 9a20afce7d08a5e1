import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { DEMO, signIn } from "./fixtures";

// Issue #9, item 5: every response carries the security headers that fit it, and the pages
// (scripts with the nonce, styles, the QR codes, the sandbox's pay page) still work under them.

const SANDBOX_AUTH = { Authorization: "Bearer sandbox-invoice-key" };

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // The tests run on http://127.0.0.1: HSTS would be wrong there.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

test("a page carries a nonce-based CSP without unsafe-eval, new on every request", async ({ request }) => {
  const first = await request.get("/login");
  expect(first.status()).toBe(200);
  expectCommonHeaders(first);
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("object-src 'none'");
  const second = await request.get("/login");
  expect(second.headers()["content-security-policy"]).not.toBe(csp);
  // Next put this request's nonce on its own scripts.
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(await first.text()).toContain(`nonce="${nonce}"`);
});

test("an API route, a 404 and the sandbox API carry the headers too", async ({ request }) => {
  const api = await request.get("/api/withdrawals/address-history?address=x");
  expect(api.status()).toBe(401);
  expectCommonHeaders(api);
  expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");

  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expectCommonHeaders(missing);

  const sandbox = await request.get("/sandbox/openapi.json");
  expectCommonHeaders(sandbox);
});

test("the sandbox's pay page has its own CSP and works under it: styles, QR code, both forms", async ({
  page,
  request,
}) => {
  const created = await request.post("/sandbox/v1/invoices", {
    headers: SANDBOX_AUTH,
    data: { amount: "10.00", fiat_currency: "EUR", order_id: `csp-${Date.now()}` },
  });
  expect(created.ok()).toBe(true);
  const payUrl = ((await created.json()) as { pay_url: string }).pay_url;
  const path = new URL(payUrl).pathname;

  const direct = await request.get(path);
  expectCommonHeaders(direct);
  expect(direct.headers()["content-security-policy"]).toMatch(/style-src 'sha256-[^']+'/);
  expect(direct.headers()["content-security-policy"]).not.toContain("script-src");

  const violations = watchCsp(page);
  await page.goto(path);
  // The <style> element applied: the hash matched.
  await expect(page.locator("body")).toHaveCSS("max-width", /px$/);
  await page.getByLabel("Currency").selectOption("USDT");
  await page.getByLabel("Network").selectOption("TRON");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code of the wallet address" })).toBeVisible();
  await page.getByRole("button", { name: "Send test payment" }).click();
  await expect(page.getByTestId("invoice-status")).toHaveText("paid");
  expect(violations).toEqual([]);
});

test("a NUL in a search parameter is a 400 on the exports and the address history, never a 500", async ({
  page,
}) => {
  await signIn(page, DEMO.finance);
  for (const path of ["/invoices", "/withdrawals", "/webhooks"]) {
    const response = await page.goto(`${path}?q=%00`);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: "Not searched" })).toBeVisible();
  }
  for (const path of [
    "/api/invoices/export?q=%00",
    "/api/withdrawals/export?q=a%00b",
    "/api/withdrawals/address-history?address=%00",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(400);
  }
});

const WALKS: { email: string; paths: string[] }[] = [
  {
    email: DEMO.admin,
    paths: [
      "/",
      "/invoices",
      "/invoices/new",
      "/withdrawals",
      "/webhooks",
      "/admin/users",
      "/admin/users/new",
      "/admin/service",
      "/admin/settings",
    ],
  },
  { email: DEMO.support, paths: ["/", "/withdrawals/new"] },
  { email: DEMO.finance, paths: ["/withdrawals/approvals"] },
];

for (const { email, paths } of WALKS) {
  test(`the main pages run under the CSP: no violation in the console, scripts hydrate (${email})`, async ({
    page,
  }) => {
    // A walk of several pages, each waited on until its network is idle: more than one page's time.
    test.setTimeout(90_000);
    const violations = watchCsp(page);
    await page.goto("/login");
    expect(violations).toEqual([]);
    await signIn(page, email);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(violations, `${email} ${path}`).toEqual([]);
    }
  });
}

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));
  return violations;
}
