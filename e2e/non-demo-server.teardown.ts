import { existsSync } from "node:fs";
import { test as teardown } from "@playwright/test";
import { nonDemoServer, nonDemoServerFile } from "./support/non-demo-server";
import { stopOwnServer } from "./support/own-server";
import { stopTestSsoProvider } from "./support/test-sso-provider";

/** Stops the run's server outside demo mode, once every spec using it is done. */
teardown("the production start outside demo mode stops", () => {
  if (!existsSync(nonDemoServerFile())) return;
  const server = nonDemoServer();
  stopOwnServer(server);
  stopTestSsoProvider(server.ssoPid);
});
