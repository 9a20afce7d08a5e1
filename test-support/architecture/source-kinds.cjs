// Which source files run where, read from their directives, for the dependency rules:
// "use client" files run in the browser, `import "server-only"` files never may.
const { readdirSync, readFileSync } = require("node:fs");
const { join, relative } = require("node:path");

const ROOT = join(__dirname, "..", "..");
const SOURCE_DIRS = ["app", "components", "lib"];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const directive = (name) => new RegExp(String.raw`^(\s*(//[^\n]*|/\*[\s\S]*?\*/))*\s*["']${name}["']`);

function filesWhere(test) {
  const matches = [];
  for (const dir of SOURCE_DIRS) {
    for (const path of sourceFiles(join(ROOT, dir))) {
      if (test(readFileSync(path, "utf8"))) matches.push(`^${escape(relative(ROOT, path))}$`);
    }
  }
  return matches;
}

const clientFiles = filesWhere((text) => directive("use client").test(text));
const serverActionFiles = filesWhere((text) => directive("use server").test(text));
const serverOnlyFiles = filesWhere((text) => /^import ["']server-only["'];?$/m.test(text));

/**
 * What a browser must never load: modules marked server-only, and the folders that hold keys and
 * the database. The service's request schemas (pure zod, no key) are shared with the forms on
 * purpose, and the schema's value lists (enums.ts) are plain constants.
 */
const serverOnlyTargets = {
  path: [
    ...serverOnlyFiles,
    "^node_modules/server-only/",
    "^lib/(service|sandbox)/",
    "^lib/db/(?!schema/enums)",
    "^lib/env",
  ],
  pathNot: String.raw`^lib/service/schemas\.ts$`,
};

module.exports = { clientFiles, serverActionFiles, serverOnlyTargets };
