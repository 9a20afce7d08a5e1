// The architecture, as rules the build checks (`npm run lint:deps`, part of `npm test`).
// README.md § Architecture says the same in prose; change both together.
//
//   app ─▶ components ─▶ lib/<feature> ─▶ lib/auth ─▶ lib/audit ─▶ lib/db, lib/service ─▶ lib/db/schema
//
// Lower layers never import higher ones, no file or folder imports something that imports it
// back, and the embedded sandbox (lib/sandbox) is another system that happens to live here:
// it imports nothing of the app and only its mount point (and tests) import it.
const { clientFiles, serverOnlyTargets } = require("./test-support/architecture/source-kinds.cjs");

const TESTS = String.raw`(\.test\.tsx?$|^test-support/|^e2e/|^bench/)`;
const FEATURES = String.raw`^lib/(users|invoices|withdrawals|webhooks|jobs|connection|exceptions|refunds|notifications|account-security)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A file never imports something that imports it back (type imports included).",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      comment: "A folder never imports a folder that imports it back: each folder is a layer or a feature.",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-is-below-the-ui",
      severity: "error",
      comment: "lib/ holds the logic; it never imports routes (app/) or UI (components/).",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-are-below-routes",
      severity: "error",
      comment: "components/ never imports routes.",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "schema-imports-no-feature",
      severity: "error",
      comment:
        "lib/db/schema is the bottom layer: the lists it needs (roles, states) live in the schema files and features import them from there.",
      from: { path: "^lib/db/schema/" },
      to: { path: "^(app|components|lib)/", pathNot: "^lib/db/schema/" },
    },
    {
      name: "infrastructure-imports-no-feature",
      severity: "error",
      comment: "The database layer and the service client serve features; they never import one, nor auth.",
      from: { path: "^lib/(db|service)/" },
      to: { path: `${FEATURES}|^lib/auth/` },
    },
    {
      name: "the-log-imports-nothing-of-the-app",
      severity: "error",
      comment: "Every layer logs through lib/log, so it stands on its own.",
      from: { path: "^lib/log/" },
      to: { path: "^(app|components|lib)/", pathNot: "^lib/log/" },
    },
    {
      name: "audit-sits-below-auth",
      severity: "error",
      comment:
        "Every layer writes to the audit log through lib/audit, so it imports no feature and not lib/auth.",
      from: { path: "^lib/audit/" },
      to: { path: `${FEATURES}|^lib/auth/` },
    },
    {
      name: "auth-imports-no-feature",
      severity: "error",
      comment:
        "Every feature takes defineAction and the permission table from lib/auth, so lib/auth takes nothing from a feature.",
      from: { path: "^lib/auth/" },
      to: { path: FEATURES },
    },
    {
      name: "sandbox-imports-nothing-of-the-app",
      severity: "error",
      comment:
        "lib/sandbox is another system (the payment service's stand-in): it uses only itself and packages.",
      from: { path: "^lib/sandbox/" },
      to: { path: "^(app|components|lib|test-support|bench|e2e)/", pathNot: "^lib/sandbox/" },
    },
    {
      name: "only-the-mount-imports-the-sandbox",
      severity: "error",
      comment:
        "Paydesk talks to the sandbox over HTTP like to the real service; only app/sandbox mounts it (and tests start it).",
      from: { pathNot: `^lib/sandbox/|^app/sandbox/|${TESTS}` },
      to: { path: "^lib/sandbox/" },
    },
    {
      name: "production-imports-no-test-support",
      severity: "error",
      comment:
        "Harnesses, fakes and test data live in test-support/ and tests; shipped code never imports them.",
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: "client-imports-nothing-server-only",
      severity: "error",
      comment:
        'A "use client" file runs in the browser: it never imports a module marked server-only (keys, database). Server actions ("use server") are the way across.',
      from: { path: clientFiles },
      to: {
        ...serverOnlyTargets,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "Every import resolves.",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "production-uses-no-dev-dependency",
      severity: "error",
      comment: "Shipped code only imports packages listed in dependencies.",
      from: { path: "^(app|components|lib)/", pathNot: TESTS },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Unit and integration tests sit above every layer (a test of lib/auth may use test-support,
    // which uses lib/auth): they are left out so they do not count as folder cycles. So is the
    // sandbox's own test harness (lib/sandbox/test/), which takes its PGlite from test-support.
    exclude: {
      path: String.raw`^(\.next|data|node_modules|test-support/architecture|lib/sandbox/test)/|\.test\.tsx?$|^\.dependency-cruiser`,
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
  },
};
