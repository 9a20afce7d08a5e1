// Second pass of `npm run lint:deps`: what a "use client" file reaches, however indirectly, is
// bundled for the browser, so it must never reach a server-only module. Server actions
// ("use server") are where the browser legitimately crosses: Next.js sends only a reference to
// them, so the walk stops there.
const { clientFiles, serverActionFiles, serverOnlyTargets } = require("./source-kinds.cjs");
const base = require("../../.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "client-reaches-nothing-server-only",
      severity: "error",
      comment: "A browser bundle never contains a server-only module (keys, database, the sandbox).",
      from: { path: clientFiles },
      to: {
        ...serverOnlyTargets,
        reachable: true,
      },
    },
  ],
  options: {
    ...base.options,
    // Type-only imports are erased before bundling, so they do not reach the browser.
    tsPreCompilationDeps: false,
    doNotFollow: { path: ["node_modules", ...serverActionFiles] },
  },
};
