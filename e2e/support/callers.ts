import { test as base, expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { ROLES, type Role } from "../../lib/db/schema/enums";
import { DEMO, sessionOf } from "../fixtures";

/**
 * One caller per role (a demo user with the run's session, sessionOf in fixtures.ts) and
 * `nobody` (no cookie). Demo users are never signed out here: that would end their sessions in
 * every other test.
 */

export type Caller = "nobody" | Role;
export const CALLERS: readonly Caller[] = ["nobody", ...ROLES];

const DEMO_USER_OF: Record<Role, string> = {
  admin: DEMO.admin,
  finance: DEMO.finance,
  support: DEMO.support,
  viewer: DEMO.viewer,
};

export type Callers = Record<Caller, APIRequestContext>;

export const test = base.extend<object, { callers: Callers }>({
  callers: [
    async ({ browser }, use) => {
      const contexts: BrowserContext[] = [];
      const callers = {} as Callers;
      for (const caller of CALLERS) {
        const context = await browser.newContext(
          caller === "nobody" ? {} : { storageState: await sessionOf(browser, caller) },
        );
        contexts.push(context);
        callers[caller] = context.request;
      }
      await use(callers);
      await Promise.all(contexts.map((context) => context.close()));
    },
    { scope: "worker" },
  ],
});

export { expect };

/**
 * Fails unless every role's caller is still signed in as its demo user: a test whose requests
 * had quietly ended a session would otherwise go on as nobody and prove nothing.
 */
export async function expectCallersSignedIn(callers: Callers): Promise<void> {
  for (const role of ROLES) {
    const session = (await (await callers[role].get("/api/auth/session")).json()) as {
      user?: { email?: string };
    };
    expect(session.user?.email, `${role} is still signed in`).toBe(DEMO_USER_OF[role]);
  }
}
