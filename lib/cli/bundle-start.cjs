// The bundle's start file: `npm run build` copies it to .next/standalone/start.cjs, and every way of
// starting the bundle goes through it (`node start.cjs`, `npm start`, `npm run demo`, the systemd
// unit in deploy/). It settles what Next.js's server.js reads before server.js runs, since
// server.js makes its own directory the working directory and listens on HOSTNAME.
"use strict";
const path = require("node:path");

const startedIn = process.cwd();

// This machine only unless asked: HOST=0.0.0.0 (or ::) listens on every interface. HOSTNAME is
// overwritten because shells and containers set it to the machine's name. lib/env.ts reads HOST.
const host = process.env.HOST || "127.0.0.1";
process.env.HOST = host;
process.env.HOSTNAME = host;
process.env.PORT = process.env.PORT || "3000";

// A relative data directory means the directory Paydesk was started from, not the bundle's.
const dataDir = path.resolve(startedIn, process.env.PAYDESK_DATA_DIR || "data/paydesk");
process.env.PAYDESK_DATA_DIR = dataDir;
if (!process.env.DATABASE_URL && isWithin(dataDir, __dirname)) {
  console.error(
    `[paydesk] refusing to start: the data directory ${dataDir} is inside the bundle (${__dirname}), ` +
      "which the next build or deploy replaces with everything in it. Set PAYDESK_DATA_DIR to a " +
      "directory outside it (the systemd unit in deploy/ uses /var/lib/paydesk/data), or start from another directory.",
  );
  process.exit(78); // EX_CONFIG, as every refused configuration (lib/start-mode/config-error.ts)
}

// Beside this file once copied into the bundle (a path, not a module name, for the checkout's linters).
require(path.join(__dirname, "server.js"));

function isWithin(child, parent) {
  const relative = path.relative(parent, child);
  return relative === "" || (relative.split(path.sep)[0] !== ".." && !path.isAbsolute(relative));
}
