// What the bundle's start.cjs and paydesk.cjs settle before any of Paydesk's code runs (both are
// copied beside this file into .next/standalone by lib/cli/finish-bundle.mjs), so that the server
// and the command-line tools read the same environment the same way.
"use strict";
const path = require("node:path");

/**
 * Settles the address and the data directory in process.env; exits 78 (EX_CONFIG) when the data directory is
 * inside the bundle. `doing` names what is refused ("start", "run db:migrate").
 */
function settleEnvironment(bundleDir, doing) {
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
  if (!process.env.DATABASE_URL && isWithin(dataDir, bundleDir)) {
    console.error(
      `[paydesk] refusing to ${doing}: the data directory ${dataDir} is inside the bundle (${bundleDir}), ` +
        "which the next build or deploy replaces with everything in it. Set PAYDESK_DATA_DIR to a " +
        "directory outside it (the systemd unit in deploy/ uses /var/lib/paydesk/data), or start from another directory.",
    );
    process.exit(78); // EX_CONFIG, as every refused configuration (lib/start-mode/config-error.ts)
  }
}

function isWithin(child, parent) {
  const relative = path.relative(parent, child);
  return relative === "" || (relative.split(path.sep)[0] !== ".." && !path.isAbsolute(relative));
}

module.exports = { settleEnvironment };
