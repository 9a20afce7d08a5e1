// What `npm run release` puts in paydesk-<version>.tar.gz (lib/cli/release.mjs), and the check that
// the finished bundle it packs is whole: a bundle from an interrupted build, an older version or a
// hand-edited copy is refused rather than shipped.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Beside the bundle's files, at the archive's top: what an operator reads and installs from. */
export const RELEASE_EXTRAS = ["deploy", "README.md", "CHANGELOG.md", "LICENSE"];

/** Files every finished bundle has (`npm run build`: next build, then lib/cli/finish-bundle.mjs). */
const BUNDLE_FILES = [
  "server.js",
  "start.cjs",
  "paydesk.cjs",
  "bundle-environment.cjs",
  "lib/cli/paydesk.cjs",
  "package.json",
  ".next/BUILD_ID",
  ".next/static",
  "lib/db/migrations/meta/_journal.json",
  "node_modules/next/package.json",
  "node_modules/@electric-sql/pglite/package.json",
  "node_modules/@node-rs/argon2/package.json",
  "node_modules/pg/package.json",
];

/** Why `bundle` may not be released as `version`: one line each, none when it may. */
export function bundleProblems(bundle, version) {
  if (!existsSync(bundle)) return [`there is no bundle at ${bundle}: run \`npm run build\``];
  const problems = BUNDLE_FILES.filter((file) => !existsSync(join(bundle, file))).map(
    (file) => `the bundle lacks ${file}: run \`npm run build\` again`,
  );
  const envFiles = readdirSync(bundle).filter((name) => /^\.env(\..+)?$/.test(name));
  if (envFiles.length > 0)
    problems.push(`the bundle holds ${envFiles.join(", ")}, which would configure every server`);
  const bundled = readBundledVersion(bundle);
  if (bundled !== null && bundled !== version)
    problems.push(`the bundle is version ${bundled}, not ${version}: run \`npm run build\` again`);
  return problems;
}

function readBundledVersion(bundle) {
  try {
    return JSON.parse(readFileSync(join(bundle, "package.json"), "utf8")).version ?? null;
  } catch {
    return null;
  }
}
