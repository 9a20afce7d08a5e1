import { expect, test } from "@playwright/test";

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
