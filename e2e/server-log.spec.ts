import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signInAs } from "./fixtures";
import { knownSecrets } from "./support/secrets";
import { mainServerRecords, rememberedSecrets, serverLogs } from "./support/server-log";

/**
 * Issue 24: runs after every other spec (its own project, playwright.config.ts) and reads what the
 * servers logged meanwhile: the main server's stdout is one JSON object per line with an access
 * line per request, and no server's output holds any secret the run knows.
 */

test("every line the server wrote after starting is a JSON object with a time, a level and a message", () => {
  const { records, notJson } = mainServerRecords();
  expect(notJson).toEqual([]);
  expect(records.length).toBeGreaterThan(100);
  // One assertion over all of them: tens of thousands of expect calls would take minutes.
  const incomplete = records.filter(
    (record) =>
      typeof record.time !== "string" || typeof record.level !== "number" || typeof record.msg !== "string",
  );
  expect(incomplete.slice(0, 5)).toEqual([]);
});

test("each request has an access line whose request id the client got in X-Request-Id", async ({ page }) => {
  await signInAs(page, "support");
  const response = await page.request.get("/api/health");
  const requestId = response.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const invoices = await page.goto("/invoices");
  const pageRequestId = invoices?.headers()["x-request-id"];

  await expect
    .poll(() => mainServerRecords().records.find((record) => record.reqId === pageRequestId))
    .toMatchObject({ method: "GET", route: "/invoices", status: 200, userId: expect.any(String) });
  const health = mainServerRecords().records.find((record) => record.reqId === requestId);
  expect(health).toMatchObject({ method: "GET", route: "/api/health", status: 200, ms: expect.any(Number) });

  // Route patterns, never paths: neither an invoice id nor an invitation token is in an access line.
  const invoiceId = "0b9c1c7e-5a4e-4f5e-9d1b-6f2f0b1d2c3e";
  const invitation = "an-invitation-token-never-logged";
  const answers = [
    await page.request.get(`/invoices/${invoiceId}`),
    await page.request.get(`/join/${invitation}`),
    await page.request.post("/api/webhooks/payments", {
      data: { order_id: "log-spec", sign: "0".repeat(64) },
    }),
  ];
  const routeOf = (answer: (typeof answers)[number]) =>
    mainServerRecords().records.find((record) => record.reqId === answer.headers()["x-request-id"])?.route;
  await expect
    .poll(() => answers.map(routeOf))
    .toEqual(["/invoices/[id]", "/join/[token]", "/api/webhooks/payments"]);
  const log = mainServerRecords()
    .records.map((record) => JSON.stringify(record))
    .join("\n");
  expect(log).not.toContain(invoiceId);
  expect(log).not.toContain(invitation);
});

test("no secret the run knows appears in any server's output", async ({ page, context }) => {
  await signInAs(page, "admin");
  const session = (await context.cookies()).find((cookie) => /session-token/.test(cookie.name));
  expect(session).toBeDefined();
  const secrets = [
    ...knownSecrets(test.info().config),
    ...rememberedSecrets(),
    { name: "the demo password", value: DEMO_PASSWORD },
    { name: "a session cookie", value: session?.value ?? "" },
  ];
  // Specs that sign people in with their own passwords and two-factor secrets recorded them.
  expect(rememberedSecrets().map((secret) => secret.name)).toEqual(
    expect.arrayContaining(["a chosen password", "an invitation link", "a TOTP secret", "a recovery code"]),
  );
  const logs = serverLogs();
  expect(logs.map((log) => log.file)).toEqual(expect.arrayContaining(["server.stdout.log"]));
  const found = logs.flatMap(({ file, text }) =>
    secrets.filter((secret) => text.includes(secret.value)).map((secret) => `${secret.name} in ${file}`),
  );
  expect([...new Set(found)]).toEqual([]);
  expect(logs.filter(({ text }) => /\$argon2(id|i|d)\$/.test(text)).map((log) => log.file)).toEqual([]);
});
