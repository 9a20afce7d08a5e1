// The bundle's command-line tools: `npm run build` copies this file to .next/standalone/paydesk.cjs,
// beside lib/cli/paydesk.cjs, the tools themselves bundled into one file (lib/cli/bundle-tools.mjs).
// `node paydesk.cjs help` lists them. They read the environment the server reads, settled the
// same way (bundle-environment.cjs), and run as the server does: in production mode, from the
// bundle's directory, where the migrations are.
"use strict";
const path = require("node:path");

// Beside this file once copied into the bundle (paths, not module names, for the checkout's linters).
const command = process.argv[2];
// The list of commands needs no environment (nor refuses a data directory it will not open).
if (command !== undefined && !["help", "--help", "-h"].includes(command)) {
  require(path.join(__dirname, "bundle-environment.cjs")).settleEnvironment(__dirname, `run ${command}`);
}
process.env.NODE_ENV = "production";
process.chdir(__dirname);
require(path.join(__dirname, "lib", "cli", "paydesk.cjs"));
