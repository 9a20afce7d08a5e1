import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Each test starts `next start` itself (two, for a data directory used twice): room for that.
test.describe.configure({ timeout: 120_000 });

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), "paydesk-refused-"));
// Node runs Next.js itself (not through npx), so a timeout or SIGTERM reaches the server.
const nextStart = (host: string) => ["node_modules/next/dist/bin/next", "start", "-H", host, "-p", "0"];

function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXTAUTH_SECRET: "refused-start-secret-0123456789",
    // Outside demo mode a production start needs NEXTAUTH_URL, or this (a test that means to start).
    AUTH_TRUST_HOST: "true",
    PAYDESK_DATA_DIR: freshDataDir(),
    ...env,
  };
}

// A production start of the same build with a configuration Paydesk must refuse: the process
// ends and says what to set, instead of serving errors: with 78 (EX_CONFIG, which the systemd unit
// does not restart) for the configuration itself, with 1 for what a restart may find fixed.
function start(env: Record<string, string>, host = "127.0.0.1") {
  const run = spawnSync(process.execPath, nextStart(host), {
    env: serverEnv(env),
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, output: readable(`${run.stdout}${run.stderr}`) };
}

/** Starts a server, waits until its log says `until`, stops it (SIGTERM) and returns its log. */
function serveUntil(env: Record<string, string>, until: string, host = "127.0.0.1"): Promise<string> {
  const server = spawn(process.execPath, nextStart(host), { env: serverEnv(env) });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => server.kill("SIGTERM"), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (readable(output).includes(until)) server.kill("SIGTERM");
    };
    server.stdout.on("data", read);
    server.stderr.on("data", read);
    server.once("error", reject);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve(readable(output));
    });
  });
}

/** The server's log as a person reads it: each JSON line's message (Next.js's own lines as they are). */
function readable(output: string): string {
  return output
    .split("\n")
    .map((line) => {
      try {
        return (JSON.parse(line) as { msg?: string }).msg ?? line;
      } catch {
        return line;
      }
    })
    .join("\n");
}

const demo = { PAYDESK_DEMO: "1", PAYDESK_SANDBOX: "embedded" };
const thisRelease = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

test("a start with no payment service chosen refuses, naming both ways to choose one", () => {
  const { status, output } = start({});
  expect(status).toBe(78);
  expect(output).toContain("refusing to start");
  expect(output).toContain("PAYMENTS_BASE_URL");
  expect(output).toContain("PAYDESK_SANDBOX=embedded");
});

test("demo mode next to a real service refuses", () => {
  const { status, output } = start({
    PAYDESK_DEMO: "1",
    PAYMENTS_BASE_URL: "https://payments.example.com",
    PAYMENTS_INVOICE_KEY: "k1",
    PAYMENTS_WITHDRAWAL_KEY: "k2",
  });
  expect(status).toBe(78);
  expect(output).toContain("PAYDESK_DEMO=1 seeds users with a published password");
});

test("a link lifetime over 72 hours refuses, saying the limit", () => {
  const { status, output } = start({ PAYDESK_SANDBOX: "embedded", PAYDESK_ACCOUNT_LINK_HOURS: "168" });
  expect(status).toBe(78);
  expect(output).toContain("PAYDESK_ACCOUNT_LINK_HOURS: must be at most 72 hours");
});

test("single sign-on half configured, or with an issuer that is not one, refuses, naming what to set", () => {
  const half = start({ PAYDESK_SANDBOX: "embedded", OIDC_ISSUER: "https://id.shop.example" });
  expect(half.status).toBe(78);
  expect(half.output).toContain("OIDC_CLIENT_ID: is needed for single sign-on");
  const nobody = start({
    PAYDESK_SANDBOX: "embedded",
    OIDC_ISSUER: "http://127.0.0.1:9/realms/staff",
    OIDC_CLIENT_ID: "paydesk",
    OIDC_CLIENT_SECRET: "a-client-secret",
    OIDC_NAME: "Keycloak",
  });
  expect(nobody.status, "a provider not answering may answer after a restart").toBe(1);
  expect(nobody.output).toContain(
    "OIDC_ISSUER: could not read http://127.0.0.1:9/realms/staff/.well-known/openid-configuration",
  );
  expect(nobody.output, "the client secret stays out of the log").not.toContain("a-client-secret");
});

test("demo mode with DATABASE_URL refuses before it opens that database", () => {
  const { status, output } = start({ ...demo, DATABASE_URL: "postgres://paydesk@127.0.0.1:1/paydesk" });
  expect(status).toBe(78);
  expect(output).toContain("DATABASE_URL: demo mode runs only on its own embedded database");
});

test("demo mode served on every interface (next start -H 0.0.0.0) refuses, naming PAYDESK_DEMO_PUBLIC", () => {
  const { status, output } = start(demo, "0.0.0.0");
  expect(status).toBe(78);
  expect(output).toContain("HOST: demo mode on an address other machines reach");
  expect(output).toContain("PAYDESK_DEMO_PUBLIC=1");
});

test("demo mode on a data directory first started outside demo mode refuses", async () => {
  const dataDir = freshDataDir();
  const production = await serveUntil(
    { PAYDESK_SANDBOX: "embedded", PAYDESK_DATA_DIR: dataDir },
    "using the embedded sandbox",
  );
  expect(production).toContain("using the embedded sandbox");

  const { status, output } = start({ ...demo, PAYDESK_DATA_DIR: dataDir });
  expect(status).toBe(1);
  expect(output).toContain("first started outside demo mode");
});

test("a public demo (PAYDESK_DEMO_PUBLIC=1) starts, and says in its log that its passwords are reachable", async () => {
  const output = await serveUntil(
    { ...demo, PAYDESK_DEMO_PUBLIC: "1" },
    "reachable from other machines",
    "0.0.0.0",
  );
  expect(output).toContain("demo user(s) created");
  expect(output).toContain("demo mode is reachable from other machines on 0.0.0.0");
});

test("a PostgreSQL it cannot reach refuses in one line, naming host, port and cause (no credentials, no failed query)", () => {
  const { status, output } = start({
    PAYDESK_SANDBOX: "embedded",
    DATABASE_URL: "postgres://paydesk:s3cret-pass@127.0.0.1:1/paydesk",
  });
  expect(status).toBe(1);
  expect(output).toMatch(
    /refusing to start: cannot connect to PostgreSQL at 127\.0\.0\.1:1 \(database paydesk\): connect ECONNREFUSED[^\n]*\n/,
  );
  expect(output).not.toContain("Failed query");
  expect(output).not.toContain("s3cret-pass");
  expect(output).not.toMatch(/^\s+at /m);
});

test("PAYDESK_MIGRATE=off on a schema behind the release refuses, naming the bundle's db:migrate; after db:migrate it starts", async () => {
  const dataDir = freshDataDir();
  const migrateOff = { PAYDESK_SANDBOX: "embedded", PAYDESK_MIGRATE: "off", PAYDESK_DATA_DIR: dataDir };
  const refused = start(migrateOff);
  expect(refused.status).toBe(1);
  expect(refused.output).toMatch(
    /refusing to start: the database's schema empty \(no migration applied\); \d+ migration\(s\) pending/,
  );
  expect(refused.output).toContain("run `node paydesk.cjs db:migrate` in the bundle");

  const db = (command: string, env: Record<string, string> = {}, ...args: string[]) =>
    spawnSync("npm", ["run", "--silent", command, "--", ...args], {
      env: serverEnv({ PAYDESK_DATA_DIR: dataDir, ...env }),
      encoding: "utf8",
    });
  const before = db("db:status");
  expect(before.status).toBe(1);
  expect(before.stdout).toContain("Run `npm run db:migrate` to apply them.");
  // As a deploy gate: a default start applies what is pending; one with PAYDESK_MIGRATE=off refuses.
  const gate = db("db:status", {}, "--exit-code-if-unsafe");
  expect(gate.status).toBe(0);
  expect(gate.stdout).toMatch(/A start of this release applies the \d+ pending migration\(s\) first/);
  const gateOff = db("db:status", { PAYDESK_MIGRATE: "off" }, "--exit-code-if-unsafe");
  expect(gateOff.status).toBe(1);
  expect(gateOff.stdout).toContain("A start would refuse: PAYDESK_MIGRATE=off and");
  const migrated = db("db:migrate");
  expect(migrated.status).toBe(0);
  expect(migrated.stdout).toMatch(/Applied \d+ migration\(s\): 0000_users, /);
  const after = db("db:status");
  expect(after.status).toBe(0);
  expect(after.stdout).toMatch(/^schema current \(at \d{4}_[a-z_]+, \d+ migrations\)/);

  const output = await serveUntil(migrateOff, "using the embedded sandbox");
  expect(output).toContain("using the embedded sandbox");
  expect(output).not.toContain("refusing to start");
});

test("an unknown PAYDESK_MIGRATE refuses, naming the values", () => {
  const { status, output } = start({ PAYDESK_SANDBOX: "embedded", PAYDESK_MIGRATE: "later" });
  expect(status).toBe(78);
  expect(output).toContain("PAYDESK_MIGRATE: must be `on` or `off`");
});

test("a release below the database's mark (raised by a newer release) refuses, naming both releases; so do db:migrate and db:status", async () => {
  const dataDir = freshDataDir();
  const env = { PAYDESK_SANDBOX: "embedded", PAYDESK_DATA_DIR: dataDir };
  expect(await serveUntil(env, "using the embedded sandbox")).toContain("using the embedded sandbox");

  // What a later release that contracted the schema leaves behind, written while no server runs.
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create(dataDir);
  try {
    const marked = await pglite.query<{ value: { oldestAllowed: string; setBy: string } }>(
      "select value from settings where key = 'release.oldest_allowed'",
    );
    expect(marked.rows[0]?.value.setBy).toBe(thisRelease);
    await pglite.query("update settings set value = $1 where key = 'release.oldest_allowed'", [
      JSON.stringify({ oldestAllowed: "98.0.0", setBy: "99.0.0", at: new Date().toISOString() }),
    ]);
  } finally {
    await pglite.close();
  }

  const refusal =
    `this is Paydesk ${thisRelease}, but the database was upgraded by Paydesk 99.0.0, which needs at least ` +
    "98.0.0: run Paydesk 98.0.0 or later (or restore the backup taken before the upgrade)";
  const { status, output } = start(env);
  expect(status).toBe(1);
  expect(output).toContain(`refusing to start: ${refusal}`);

  const db = (command: string) =>
    spawnSync("npm", ["run", "--silent", command], { env: serverEnv(env), encoding: "utf8" });
  const migrate = db("db:migrate");
  expect(migrate.status).toBe(1);
  expect(migrate.stderr).toContain(`db:migrate: ${refusal}`);
  const dbStatus = db("db:status");
  expect(dbStatus.status).toBe(1);
  expect(dbStatus.stdout).toContain(`this release: Paydesk ${thisRelease}`);
  expect(dbStatus.stdout).toContain(
    "oldest release allowed on this database: 98.0.0 (set by Paydesk 99.0.0 at ",
  );
  expect(dbStatus.stdout).toContain(`Refused: ${refusal}`);
  const gate = spawnSync("npm", ["run", "--silent", "db:status", "--", "--exit-code-if-unsafe"], {
    env: serverEnv(env),
    encoding: "utf8",
  });
  expect(gate.status).toBe(1);
  expect(gate.stdout).toContain(`A start would refuse: ${refusal}`);
});

test("the service's keys and NEXTAUTH_URL left empty refuse with 78, naming each, showing no value", () => {
  const { status, output } = start({
    PAYMENTS_BASE_URL: "https://payments.example.com",
    PAYMENTS_INVOICE_KEY: "",
    PAYMENTS_WITHDRAWAL_KEY: "",
    NEXTAUTH_URL: "",
    AUTH_TRUST_HOST: "",
    METRICS_TOKEN: "short-token",
  });
  expect(status).toBe(78);
  expect(output).toContain("refusing to start: the configuration is invalid:");
  for (const name of ["PAYMENTS_INVOICE_KEY", "PAYMENTS_WITHDRAWAL_KEY", "NEXTAUTH_URL"])
    expect(output).toMatch(new RegExp(`^ {2}${name}: is not set`, "m"));
  expect(output).toMatch(/^ {2}METRICS_TOKEN: must be at least 16 characters/m);
  expect(output).not.toContain("short-token");
  expect(output).not.toContain("refused-start-secret");
});
