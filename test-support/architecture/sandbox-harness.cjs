// Third pass of `npm run lint:deps`: the sandbox's own test harness (lib/sandbox/test/), which the
// main pass leaves out like the tests it serves (it takes its PGlite from test-support, and a
// lib → test-support edge would read as a folder cycle). Like the sandbox itself, it uses only
// the sandbox and packages, plus the PGlite copies of test-support/pglite.ts, which in turn
// imports nothing of the repository.
const base = require("../../.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "sandbox-harness-imports-nothing-of-the-app",
      severity: "error",
      comment: "lib/sandbox/test uses the sandbox, packages and test-support/pglite.ts only.",
      from: { path: "^lib/sandbox/test/" },
      to: {
        path: "^(app|components|lib|test-support|bench|e2e)/",
        pathNot: "^lib/sandbox/|^test-support/pglite\\.ts$",
      },
    },
    {
      name: "pglite-copies-import-nothing-of-the-repository",
      severity: "error",
      comment: "test-support/pglite.ts serves the sandbox's tests too, so it stands on packages alone.",
      from: { path: "^test-support/pglite\\.ts$" },
      to: { path: "^(app|components|lib|test-support|bench|e2e)/" },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: String.raw`^(\.next|data|node_modules)/|\.test\.tsx?$` },
    doNotFollow: { path: ["node_modules", "^lib/sandbox/(?!test/)", "^test-support/(?!pglite\\.ts$)"] },
  },
};
