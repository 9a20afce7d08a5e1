import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";
import { followNavigation } from "./support/navigation";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const LOOPS = [
  "invoice-refresher",
  "withdrawal-resubmitter",
  "invoice-resender",
  "webhook-pruner",
  "webhook-sweeper",
  // The test server sends mail (to the demo's mail catcher), so the outbox's loop runs too.
  "mail-sender",
];

test("an admin opens System: the version, the loops, and the same as JSON", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/");
  await followNavigation(page, "System");
  await expect(page.getByRole("heading", { name: "System", level: 1 })).toBeVisible();
  await expect(page.getByTestId("system-paydesk")).toContainText(version);
  await expect(page.getByTestId("system-paydesk")).toContainText(/Commit\s*\S+/);
  const loops = page.getByTestId("system-loops");
  for (const name of LOOPS) await expect(loops.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText(/PGlite/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download JSON" })).toHaveAttribute(
    "href",
    "/api/admin/system",
  );

  const answer = await page.request.get("/api/admin/system");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  const report = await answer.json();
  expect(report.paydesk.version).toBe(version);
  expect(report.database.kind).toBe("pglite");
  expect(report.migrations.summary).toMatch(/^schema current/);
  expect(report.loops.map((loop: { name: string }) => loop.name).sort()).toEqual([...LOOPS].sort());
  // The server's session secret and the sandbox's keys are configured, never reported.
  const text = await answer.text();
  expect(text).not.toContain("e2e-secret-not-for-production");
  expect(text).not.toMatch(/sandbox-(invoice|withdrawal)-key/);
});

test("finance may neither open System nor read its JSON", async ({ page }) => {
  await signInAs(page, "finance");
  expect((await page.goto("/admin/system"))?.status()).toBe(403);
  expect((await page.request.get("/api/admin/system")).status()).toBe(403);
});
