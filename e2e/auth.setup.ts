import { test as setup } from "@playwright/test";
import { DEMO, keepSession, signIn, type DemoRole } from "./fixtures";

/**
 * Signs each demo user in once per run, through the sign-in form, and keeps their browser state
 * (the session cookie) for every spec that is not about signing in (signInAs, newPageAs in
 * fixtures.ts): Playwright's documented pattern. A spec run on its own (`--no-deps`) makes the
 * sessions it needs the same way (sessionOf). Specs never sign these sessions out, end them or
 * change these users' roles or passwords: every later spec shares them.
 */
for (const role of Object.keys(DEMO) as DemoRole[]) {
  setup(`${role} signs in once for the run`, async ({ page }) => {
    await signIn(page, DEMO[role]);
    await keepSession(page.context(), role);
  });
}
