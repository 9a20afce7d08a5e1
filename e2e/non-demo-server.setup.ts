import { writeFileSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { NON_DEMO, nonDemoServerFile, type NonDemoServer } from "./support/non-demo-server";
import { startOwnServer } from "./support/own-server";

/** Starts the run's one server outside demo mode (e2e/support/non-demo-server.ts). */
setup(
  "a production start outside demo mode, its people created from the command line",
  async ({ browser }) => {
    setup.setTimeout(180_000);
    const server = await startOwnServer(browser, {
      name: NON_DEMO.name,
      port: NON_DEMO.port,
      base: NON_DEMO.base,
      env: NON_DEMO.env,
      users: NON_DEMO.people,
      passwordOf: NON_DEMO.passwordOf,
      invitations: NON_DEMO.invitations,
    });
    const facts: NonDemoServer = {
      passwords: server.passwords,
      invitations: server.invitations,
      pid: server.pid,
      dataDir: server.dataDir,
    };
    writeFileSync(nonDemoServerFile(), JSON.stringify(facts, null, 2));
  },
);
