import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import packageJson from "@/package.json" with { type: "json" };
import { runTool, writeEnvironmentFile } from "./support/copied-bundle";

/**
 * `npm run release`, packing the bundle this run built (--fresh: no second build), into a
 * directory of the test's own: what the archive holds, that its checksum file verifies it (and a
 * changed archive not), and that the bundle unpacked from it runs its tools on a new database.
 */
const NAME = `paydesk-${packageJson.version}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let out = "";
test.beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), "paydesk-release-"));
  const released = spawnSync(process.execPath, ["lib/cli/release.mjs", "--fresh", "--out", out], {
    encoding: "utf8",
    timeout: 110_000,
  });
  if (released.status !== 0) throw new Error(`npm run release failed: ${released.stdout}${released.stderr}`);
});
test.afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

test("the archive is one directory paydesk-<version>/: the bundle, deploy/, README.md and CHANGELOG.md", () => {
  const listed = spawnSync("tar", ["-tzf", `${NAME}.tar.gz`], { cwd: out, encoding: "utf8" });
  expect(listed.status).toBe(0);
  const entries = listed.stdout.trim().split("\n");
  expect(entries.filter((entry) => !entry.startsWith(`${NAME}/`))).toEqual([]);
  for (const file of [
    "start.cjs",
    "paydesk.cjs",
    "server.js",
    "lib/cli/paydesk.cjs",
    "lib/db/migrations/0000_users.sql",
    "node_modules/@electric-sql/pglite/package.json",
    "deploy/paydesk.service",
    "deploy/paydesk.env.example",
    "deploy/nginx.conf",
    "README.md",
    "CHANGELOG.md",
  ])
    expect(entries).toContain(`${NAME}/${file}`);
  expect(entries.filter((entry) => /\/\.env(\.[^/]*)?$/.test(entry))).toEqual([]);
});

test("the .sha256 file verifies the archive with sha256sum -c, and a changed archive fails it", () => {
  const checked = spawnSync("sha256sum", ["-c", `${NAME}.tar.gz.sha256`], { cwd: out, encoding: "utf8" });
  expect(checked.stdout).toBe(`${NAME}.tar.gz: OK\n`);
  expect(checked.status).toBe(0);

  const changed = path.join(out, "changed");
  mkdirSync(changed);
  for (const file of [`${NAME}.tar.gz`, `${NAME}.tar.gz.sha256`])
    cpSync(path.join(out, file), path.join(changed, file));
  appendFileSync(path.join(changed, `${NAME}.tar.gz`), "x");
  const refused = spawnSync("sha256sum", ["-c", `${NAME}.tar.gz.sha256`], { cwd: changed, encoding: "utf8" });
  expect(refused.status).toBe(1);
  expect(refused.stdout).toContain("FAILED");
});

test("the bundle unpacked from the archive runs its tools: the list, then db:migrate on a new PGlite directory", () => {
  const unpacked = path.join(out, "opt");
  mkdirSync(unpacked);
  expect(spawnSync("tar", ["-xzf", path.join(out, `${NAME}.tar.gz`)], { cwd: unpacked }).status).toBe(0);
  const bundle = path.join(unpacked, NAME);
  const envFile = path.join(out, "paydesk.env");
  writeEnvironmentFile(envFile, {
    DATABASE_URL: "",
    PAYDESK_DATA_DIR: path.join(out, "data"),
    NEXTAUTH_SECRET: "release-e2e-secret-0123456789abcdef",
    PAYMENTS_INVOICE_KEY: "release-invoice-key",
    PAYMENTS_WITHDRAWAL_KEY: "release-withdrawal-key",
  });
  const listed = runTool(bundle, envFile, ["help"], out);
  expect(listed.status, listed.stderr).toBe(0);
  expect(listed.stdout).toContain("db:migrate");
  const migrated = runTool(bundle, envFile, ["db:migrate"], out);
  expect(migrated.status, migrated.stderr).toBe(0);
  expect(migrated.stdout).toMatch(/^schema current/m);
});
