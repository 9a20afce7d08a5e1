// The bundle's start file: `npm run build` copies it to .next/standalone/start.cjs, and every way of
// starting the bundle goes through it (`node start.cjs`, `npm start`, `npm run demo`, the systemd
// unit in deploy/, the container image). It settles what Next.js's server.js reads before server.js
// runs, since server.js makes its own directory the working directory and listens on HOSTNAME.
"use strict";
const path = require("node:path");

// Beside this file once copied into the bundle (paths, not module names, for the checkout's linters).
require(path.join(__dirname, "bundle-environment.cjs")).settleEnvironment(__dirname, "start");
require(path.join(__dirname, "server.js"));
