import path from "node:path";
import { appEntries, routeMethods, ROOT_DIR, urlOf } from "./support/app-tree";
import { CALLERS, expect, expectCallersSignedIn, test } from "./support/callers";
import { knownSecrets, readStaticFile, secretsIn, staticFiles } from "./support/secrets";
import { callAction, codeOf, discoverActions } from "./support/server-actions";

/**
 * Issue #9: with known keys and auth secret, none of them nor any password hash appears in what
 * the build serves publicly (.next/static), in the HTML or RSC payload of any page or the body of
 * any route handler for any caller, or in any server action's answer.
 */

const entries = appEntries();
const pages = entries.filter((entry) => entry.kind === "page");
/** Route handlers not called here, with the reason. */
const NOT_CALLED: Record<string, string> = {
  "app/api/session/end/route.ts": "it deletes the caller's session cookies and answers only a redirect",
};
const getRoutes = entries.filter(
  (entry) =>
    entry.kind === "route" && routeMethods(entry.source).includes("GET") && !(entry.file in NOT_CALLED),
);
/** Route handlers whose useful URLs a filled-in route pattern does not reach. */
const EXTRA_URLS = ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers", "/sandbox/openapi.json"];

test("no secret and no password hash in .next/static", () => {
  const secrets = knownSecrets(test.info().config);
  const files = staticFiles();
  expect(files.length).toBeGreaterThan(0);
  const leaks = files
    .map((file) => ({ file: path.relative(ROOT_DIR, file), found: secretsIn(readStaticFile(file), secrets) }))
    .filter((leak) => leak.found.length > 0);
  expect(leaks).toEqual([]);
});

test("no secret and no password hash in any page's HTML or RSC payload, for any caller", async ({
  callers,
}) => {
  const secrets = knownSecrets(test.info().config);
  const leaks: string[] = [];
  let fetched = 0;
  for (const page of pages) {
    const url = urlOf(page.route);
    for (const caller of CALLERS) {
      for (const rsc of [false, true]) {
        // Redirects are followed: nobody ends up on /login, and an RSC request on its `_rsc` URL.
        const response = await callers[caller].get(url, { headers: rsc ? { RSC: "1" } : {} });
        const text = `${JSON.stringify(response.headers())}\n${await response.text()}`;
        fetched += 1;
        for (const found of secretsIn(text, secrets, { route: page.route, caller })) {
          leaks.push(`${found} in ${rsc ? "RSC" : "HTML"} of ${url} (${page.file}) as ${caller}`);
        }
      }
    }
  }
  expect(fetched).toBe(pages.length * CALLERS.length * 2);
  expect(leaks).toEqual([]);
  await expectCallersSignedIn(callers);
});

test("no secret and no password hash from any route handler, for any caller", async ({ callers }) => {
  const secrets = knownSecrets(test.info().config);
  const urls = [...getRoutes.map((route) => urlOf(route.route)), ...EXTRA_URLS];
  const leaks: string[] = [];
  for (const url of urls) {
    for (const caller of CALLERS) {
      const response = await callers[caller].get(url);
      const text = `${JSON.stringify(response.headers())}\n${await response.text()}`;
      for (const found of secretsIn(text, secrets)) leaks.push(`${found} in GET ${url} as ${caller}`);
    }
  }
  expect(leaks).toEqual([]);
  await expectCallersSignedIn(callers);
});

/**
 * Actions never run with `{}`, with the reason: the callers are the demo users every other test
 * shares, in parallel.
 */
const NOT_RUN_FOR_REAL: Record<string, string> = {
  endMyOtherSessionsAction: "it ends every other session of the demo user, in every other test",
  startAuthenticatorAppAction:
    "from a session that signed in less than 5 minutes ago it starts setting up an authenticator app for the demo user (audited), which other tests read",
};

function inputsFor(exportName: string): unknown[] {
  return exportName in NOT_RUN_FOR_REAL ? ["secrets-probe"] : [{}, "secrets-probe"];
}

test("no secret and no password hash in any server action's answer, for any caller", async ({
  callers,
  baseURL,
}) => {
  const secrets = knownSecrets(test.info().config);
  const actions = discoverActions();
  expect(actions.length).toBeGreaterThan(0);
  const names = actions.map((action) => action.exportName);
  for (const name of Object.keys(NOT_RUN_FOR_REAL)) expect(names).toContain(name);
  const leaks: string[] = [];
  const outcomes: string[] = [];
  for (const action of actions) {
    for (const caller of CALLERS) {
      // `{}` passes the one schema that takes no fields (checkConnectionAction), so that action
      // runs for real for an admin; the string is refused by every schema.
      for (const input of inputsFor(action.exportName)) {
        const answer = await callAction(callers[caller], baseURL ?? "", action, [input]);
        outcomes.push(
          `${action.exportName}(${JSON.stringify(input)}) as ${caller}: ${codeOf(answer.result)}`,
        );
        for (const found of secretsIn(answer.body, secrets)) {
          leaks.push(`${found} in ${action.exportName}(${JSON.stringify(input)}) as ${caller}`);
        }
      }
    }
  }
  expect(leaks).toEqual([]);
  // The admin's connection check ran to the end: its report, the one answer that talks about
  // the keys, was among those searched.
  expect(outcomes).toContain("checkConnectionAction({}) as admin: ok");
  await expectCallersSignedIn(callers);
});
