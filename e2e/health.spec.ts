import { expect, test } from "@playwright/test";
import { mainServerRecords } from "./support/server-log";

/**
 * Liveness and readiness as a load balancer sees them, on the running server: both public,
 * neither cached, readiness ready once the server started its loops on a migrated database.
 */
test("GET /api/health is alive and GET /api/ready is ready, uncached, for anyone", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  const ready = await request.get("/api/ready");
  expect(ready.status(), JSON.stringify(await ready.json())).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  expect(ready.headers()["cache-control"]).toBe("no-store");
});

test("the server said once, at start, what it runs and where it listens", async () => {
  const starts = mainServerRecords().records.filter(
    (record) => typeof record.msg === "string" && / ready on http:\/\//.test(record.msg),
  );
  // Every start of the main server in this run wrote one; the last is this one.
  const last = starts.at(-1);
  expect(last, "a start line").toBeDefined();
  expect(last).toMatchObject({
    level: 30,
    start: {
      version: expect.any(String),
      node: expect.stringMatching(/^v\d+\./),
      database: { kind: "pglite", dataDir: expect.any(String) },
      migrationsApplied: expect.any(Array),
      migrationsPending: 0,
      listen: { port: expect.any(String) },
      mode: "demo",
      service: "embedded sandbox",
    },
  });
  expect(last?.msg).toMatch(/^Paydesk \S+ \(\S+\) ready on http:\/\/\S+:\d+: demo mode, Node v\d+/);
});

test("static assets are served, counted but not access-logged; a page is", async ({ request }) => {
  const page = await request.get("/login");
  const asset = /\/_next\/static\/[^"']+\.(?:js|css)/.exec(await page.text())?.[0];
  expect(asset, "the sign-in page links a static asset").toBeDefined();
  const answer = await request.get(asset ?? "");
  expect(answer.status()).toBe(200);
  const assetId = answer.headers()["x-request-id"];
  const pageId = page.headers()["x-request-id"];
  await expect.poll(() => mainServerRecords().records.some((record) => record.reqId === pageId)).toBe(true);
  expect(mainServerRecords().records.filter((record) => record.reqId === assetId)).toEqual([]);
});
