import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleProblems } from "./release-contents.mjs";

const parent = mkdtempSync(join(tmpdir(), "paydesk-release-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A bundle with every file a finished one has (empty files stand in), as version 1.2.3. */
function wholeBundle(name: string): string {
  const bundle = join(parent, name);
  for (const file of [
    "server.js",
    "start.cjs",
    "paydesk.cjs",
    "bundle-environment.cjs",
    "lib/cli/paydesk.cjs",
    ".next/BUILD_ID",
    ".next/static/chunks/a.js",
    "lib/db/migrations/meta/_journal.json",
    "node_modules/next/package.json",
    "node_modules/@electric-sql/pglite/package.json",
    "node_modules/@node-rs/argon2/package.json",
    "node_modules/pg/package.json",
  ]) {
    mkdirSync(dirname(join(bundle, file)), { recursive: true });
    writeFileSync(join(bundle, file), "");
  }
  writeFileSync(join(bundle, "package.json"), JSON.stringify({ name: "paydesk", version: "1.2.3" }));
  return bundle;
}

describe("what npm run release packs", () => {
  it("takes a whole bundle of the version being released", () => {
    expect(bundleProblems(wholeBundle("whole"), "1.2.3")).toEqual([]);
  });

  it("refuses a bundle missing one of its files, naming it", () => {
    const bundle = wholeBundle("missing");
    rmSync(join(bundle, "paydesk.cjs"));
    rmSync(join(bundle, "node_modules/@electric-sql"), { recursive: true });
    expect(bundleProblems(bundle, "1.2.3")).toEqual([
      "the bundle lacks paydesk.cjs: run `npm run build` again",
      "the bundle lacks node_modules/@electric-sql/pglite/package.json: run `npm run build` again",
    ]);
  });

  it("refuses a bundle of another version, one holding an .env file, and no bundle at all", () => {
    const bundle = wholeBundle("stale");
    cpSync(join(bundle, "server.js"), join(bundle, ".env.production"));
    expect(bundleProblems(bundle, "1.3.0")).toEqual([
      "the bundle holds .env.production, which would configure every server",
      "the bundle is version 1.2.3, not 1.3.0: run `npm run build` again",
    ]);
    expect(bundleProblems(join(parent, "nowhere"), "1.3.0")).toEqual([
      `there is no bundle at ${join(parent, "nowhere")}: run \`npm run build\``,
    ]);
  });
});
