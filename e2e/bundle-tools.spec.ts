import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { COMMANDS } from "@/lib/cli/commands";
import packageJson from "@/package.json" with { type: "json" };
import { copyBundle, runTool, writeEnvironmentFile } from "./support/copied-bundle";

/**
 * The command-line tools in the finished bundle (`node paydesk.cjs <command>`), run as the README
 * says an operator runs them: from a copy of the bundle away from the repository, with the
 * environment file the server reads (`node --env-file`). On PGlite, or on a database of its own on
 * the PostgreSQL server TEST_DATABASE_URL names (bash test-support/runner/with-postgres.sh).
 */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? "";
const DATABASE = `paydesk_bundle_tools_${process.pid}`;
const ADMIN = "ops-admin@example.com";
const PUBLIC_URL = "https://paydesk.example.com";

// Each test runs the bundle's tools as processes of their own: a minute, not the default 30 s, on
// two busy cores.
test.describe.configure({ mode: "serial", timeout: 60_000 });

let dir = "";
let bundle = "";
let envFile = "";
const tool = (...args: string[]) => runTool(bundle, envFile, args, dir);

test.beforeAll(async () => {
  ({ dir, bundle } = copyBundle("tools"));
  if (SERVER_URL) await onServer(`create database ${DATABASE}`);
  envFile = path.join(dir, "paydesk.env");
  writeEnvironmentFile(envFile, {
    DATABASE_URL: SERVER_URL ? databaseUrl() : "",
    PAYDESK_DATA_DIR: path.join(dir, "var/lib/paydesk/data"),
    NEXTAUTH_SECRET: "bundle-tools-e2e-secret-0123456789",
    NEXTAUTH_URL: PUBLIC_URL,
    PAYMENTS_INVOICE_KEY: "bundle-tools-invoice-key",
    PAYMENTS_WITHDRAWAL_KEY: "bundle-tools-withdrawal-key",
  });
});

test.afterAll(async () => {
  if (SERVER_URL) await onServer(`drop database if exists ${DATABASE} with (force)`);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("`node paydesk.cjs` lists every command, one line each; an unknown command exits 2 with the list", () => {
  const names = Object.keys(COMMANDS);
  expect(names).toEqual(
    expect.arrayContaining([
      "user:create",
      "user:break-glass",
      "config:check",
      "db:status",
      "db:migrate",
      "change:break-glass",
    ]),
  );
  for (const asked of [[], ["help"]]) {
    const listed = tool(...asked);
    expect(listed.status).toBe(0);
    for (const name of names) expect(listed.stdout).toMatch(new RegExp(`^  ${name} +\\S.*$`, "m"));
  }
  const one = tool("user:create", "--help");
  expect(one.status).toBe(0);
  expect(one.stdout).toBe(`node paydesk.cjs user:create: ${COMMANDS["user:create"].summary}\n`);
  const unknown = tool("user:delete");
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain('Unknown command "user:delete"');
  for (const name of names) expect(unknown.stderr).toContain(`  ${name} `);
});

test(`from the environment file, on ${SERVER_URL ? "PostgreSQL" : "PGlite"}: db:status, db:migrate, then a user created, who exists`, () => {
  const checked = tool("config:check");
  expect(checked.status, checked.stderr).toBe(0);
  expect(checked.stdout).toMatch(/^configuration OK\n  mode: production\n/);

  const before = tool("db:status");
  expect(before.status, before.stderr).toBe(1);
  expect(before.stdout).toMatch(/no migration applied\); \d+ migration\(s\) pending/);
  expect(before.stdout).toContain("Run `node paydesk.cjs db:migrate` to apply them.");

  // Pending migrations that a start applies (PAYDESK_MIGRATE=on, the default) do not fail the gate.
  const gate = tool("db:status", "--exit-code-if-unsafe");
  expect(gate.status, gate.stderr).toBe(0);
  expect(gate.stdout).toMatch(/A start of this release applies the \d+ pending migration\(s\) first/);

  const migrated = tool("db:migrate");
  expect(migrated.status, migrated.stderr).toBe(0);
  expect(migrated.stdout).toMatch(/^Applied \d+ migration\(s\): 0000_users, /);
  expect(migrated.stdout).toMatch(/^schema current/m);

  const after = tool("db:status");
  expect(after.status, after.stderr).toBe(0);
  expect(after.stdout).toMatch(/^schema current/);
  expect(after.stdout).toContain(`this release: Paydesk ${packageJson.version}`);

  const created = tool("user:create", "--email", ADMIN, "--role", "admin");
  expect(created.status, created.stderr).toBe(0);
  expect(created.stdout).toContain(`Created admin ${ADMIN}, with no password yet.`);
  expect(created.stdout).toMatch(
    new RegExp(`Invitation link \\(shown once[^)]*\\): ${PUBLIC_URL}/join/\\S+`),
  );

  // Read back from the database: the same email is refused, and the admin gets a break-glass link.
  const again = tool("user:create", "--email", ADMIN, "--role", "support");
  expect(again.status).toBe(1);
  expect(again.stderr).toContain("A user with this email already exists.");
  const breakGlass = tool("user:break-glass", "--email", ADMIN);
  expect(breakGlass.status, breakGlass.stderr).toBe(0);
  expect(breakGlass.stdout).toContain(`Break-glass link for ${ADMIN}`);

  const ledger = tool("ledger:check");
  expect(ledger.status, ledger.stderr).toBe(0);
  expect(ledger.stdout).toContain("The ledger agrees with every invoice and payout.");
  const changes = tool("change:break-glass");
  expect(changes.status, changes.stderr).toBe(0);
  expect(changes.stdout).toContain("Nothing is waiting for a second admin.");
});

test("the tools refuse a data directory inside the bundle, as the server does", () => {
  test.skip(Boolean(SERVER_URL), "PGlite's data directory only");
  const inside = path.join(dir, "inside.env");
  writeFileSync(
    inside,
    "PAYDESK_DATA_DIR=data/paydesk\nNEXTAUTH_SECRET=bundle-tools-e2e-secret-0123456789\n",
  );
  const refused = runTool(bundle, inside, ["db:status"], bundle);
  expect(refused.status).toBe(78);
  expect(refused.stderr).toContain("refusing to run db:status: the data directory");
});

function databaseUrl(): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
