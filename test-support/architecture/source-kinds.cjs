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

module.exports = {
  clientFiles: filesWhere((text) => directive("use client").test(text)),
  serverActionFiles: filesWhere((text) => directive("use server").test(text)),
  serverOnlyFiles: filesWhere((text) => /^import ["']server-only["'];?$/m.test(text)),
};
