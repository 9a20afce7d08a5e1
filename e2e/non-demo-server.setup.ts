import { writeFileSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { NON_DEMO, nonDemoServerFile, TEST_SSO, type NonDemoServer } from "./support/non-demo-server";
import { rememberSecret } from "./support/server-log";
import { startOwnServer } from "./support/own-server";
import { startTestSsoProvider, stopTestSsoProvider } from "./support/test-sso-provider";

/** Starts the run's one server outside demo mode (e2e/support/non-demo-server.ts). */
setup(
  "a production start outside demo mode, its people created from the command line",
  async ({ browser }) => {
    setup.setTimeout(180_000);
    // Its single sign-on: the server reads the provider's discovery document at start. Its client
    // secret must appear in no log (server-log.spec.ts).
    rememberSecret("the OIDC client secret", TEST_SSO.clientSecret);
    const ssoPid = await startTestSsoProvider();
    const server = await startOwnServer(browser, {
      name: NON_DEMO.name,
      port: NON_DEMO.port,
      base: NON_DEMO.base,
      env: NON_DEMO.env,
      users: NON_DEMO.people,
      passwordOf: NON_DEMO.passwordOf,
      invitations: NON_DEMO.invitations,
    }).catch((error: unknown) => {
      stopTestSsoProvider(ssoPid);
      throw error;
    });
    const facts: NonDemoServer = {
      passwords: server.passwords,
      invitations: server.invitations,
      pid: server.pid,
      ssoPid,
      dataDir: server.dataDir,
    };
    writeFileSync(nonDemoServerFile(), JSON.stringify(facts, null, 2));
  },
);
