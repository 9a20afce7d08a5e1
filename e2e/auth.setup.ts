import { test as setup } from "@playwright/test";
import { DEMO, signIn, storageStateOf, type DemoRole } from "./fixtures";
import { rememberSecret } from "./support/server-log";

/**
 * Signs each demo user in once per run, through the sign-in form, and keeps their browser state
 * (the session cookie) for every spec that is not about signing in (signInAs, newPageAs in
 * fixtures.ts): Playwright's documented pattern. Specs never sign these sessions out, end them or
 * change these users' roles or passwords: every later spec shares them.
 */
for (const role of Object.keys(DEMO) as DemoRole[]) {
  setup(`${role} signs in once for the run`, async ({ page }) => {
    await signIn(page, DEMO[role]);
    const state = await page.context().storageState({ path: storageStateOf(role) });
    for (const cookie of state.cookies) {
      if (cookie.name.includes("session-token")) rememberSecret("a session cookie", cookie.value);
    }
  });
}
