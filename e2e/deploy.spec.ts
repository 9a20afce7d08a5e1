import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext } from "@playwright/test";
import {
  execStart,
  readEnvironmentFile,
  readUnitFile,
  serviceSetting,
  unitEnvironment,
} from "./support/systemd-unit";

/**
 * The deployment README's Deploying section describes, as written in deploy/: the finished bundle
 * copied away from the repository (no node_modules around it), started with the command and
 * environment deploy/paydesk.service names, behind nginx configured by deploy/nginx.conf, and
 * reached only through nginx. What the test must choose itself is substituted and nothing else:
 * paths, ports, secrets, the database, and the payment service (the sandbox, run as its own
 * process, stands in for the real one).
 */
const NGINX = "/usr/sbin/nginx";
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const APP_PORT = BASE_PORT + 21;
const HTTP_PORT = BASE_PORT + 22;
const HTTPS_PORT = BASE_PORT + 23;
const SERVICE_PORT = BASE_PORT + 24;
const PUBLIC_URL = `https://127.0.0.1:${HTTPS_PORT}`;
const SUPPORT = { email: "deploy-support@example.com", password: "the harbour lights at dusk" };
/** With PostgreSQL (bash test-support/runner/with-postgres.sh sets TEST_DATABASE_URL), else PGlite. */
const DATABASE_URL = process.env.PAYDESK_DEPLOY_DATABASE_URL ?? "";

test.skip(
  !existsSync(NGINX) && process.env.CI !== "true",
  "nginx is not installed (apt-get install nginx; npm test installs it when run as root)",
);
test.describe.configure({ mode: "serial", timeout: 180_000 });

let dir = "";
const processes: ChildProcess[] = [];
let serverLog = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(tmpdir(), "paydesk-deploy-"));
  const bundle = path.join(dir, "opt/paydesk");
  if (!existsSync(".next/standalone/start.cjs")) throw new Error("no finished bundle: run `npm run build`");
  cpSync(".next/standalone", bundle, { recursive: true });
  const mapPath = (value: string) =>
    value.replace("/opt/paydesk", bundle).replace("/usr/bin/node", process.execPath);

  const unit = readUnitFile(readFileSync("deploy/paydesk.service", "utf8"));
  const dataDir = path.join(dir, "var/lib/paydesk/data");
  const serviceUrl = `http://127.0.0.1:${SERVICE_PORT}/sandbox`;
  const keys = { invoice: "deploy-e2e-invoice-key", withdrawal: "deploy-e2e-withdrawal-key" };
  const env = {
    ...unitEnvironment(unit),
    ...readEnvironmentFile(readFileSync("deploy/paydesk.env.example", "utf8"), {
      PORT: String(APP_PORT),
      DATABASE_URL,
      PAYDESK_DATA_DIR: dataDir,
      NEXTAUTH_SECRET: "deploy-e2e-secret-0123456789abcdef",
      NEXTAUTH_URL: PUBLIC_URL,
      PAYMENTS_BASE_URL: serviceUrl,
      PAYMENTS_INVOICE_KEY: keys.invoice,
      PAYMENTS_WITHDRAWAL_KEY: keys.withdrawal,
    }),
  };
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };

  // The payment service, from the checkout.
  processes.push(
    startGroup("npm", ["run", "--silent", "sandbox"], process.cwd(), {
      ...base,
      SANDBOX_PORT: String(SERVICE_PORT),
      SANDBOX_DATA_DIR: path.join(dir, "sandbox"),
      SANDBOX_INVOICE_KEY: keys.invoice,
      SANDBOX_WITHDRAWAL_KEY: keys.withdrawal,
    }),
  );
  await waitFor(`${serviceUrl}/openapi.json`);

  // The first user, as an operator creates one: with the bundle's command-line tools, server stopped.
  const created = spawnSync(
    process.execPath,
    [path.join(bundle, "paydesk.cjs"), "user:create", "--email", SUPPORT.email, "--role", "support"],
    { cwd: dir, env: { ...base, ...env, NODE_ENV: "production" }, encoding: "utf8", timeout: 60_000 },
  );
  const link = /Invitation link \(shown once[^)]*\): (\S+)/.exec(created.stdout)?.[1];
  if (created.status !== 0 || !link)
    throw new Error(`user:create failed: ${created.stdout}${created.stderr}`);
  invitation = link;
  resetLink = breakGlassLink({ ...base, ...env, NODE_ENV: "production" });

  expect(serviceSetting(unit, "EnvironmentFile")).toBe("/etc/paydesk/paydesk.env"); // what the example is for
  const [command = "", ...args] = execStart(unit).map(mapPath);
  unitStart = {
    command,
    args,
    cwd: mapPath(serviceSetting(unit, "WorkingDirectory")),
    env: { ...base, ...env },
  };
  const server = startGroup(command, args, unitStart.cwd, unitStart.env);
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  processes.push(server);
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/ready`, () => serverLog);

  processes.push(startNginx(path.join(dir, "nginx")));
  await waitFor(`http://127.0.0.1:${HTTP_PORT}/`, () => readLog(path.join(dir, "nginx/error.log")), 301);
});

let invitation = "";
/** How the unit's ExecStart ran the server here: the same command, directory and environment. */
let unitStart = { command: "", args: [] as string[], cwd: "", env: {} as Record<string, string> };
let resetLink = "";

test.afterAll(() => {
  for (const child of processes.reverse()) if (child.pid) process.kill(-child.pid, "SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the unit's command listens where the environment file says (127.0.0.1), and nginx sends plain http to https", async () => {
  expect(serverLog).toContain(`http://127.0.0.1:${APP_PORT}`);
  const refused = await fetch(`http://127.0.0.2:${APP_PORT}/api/health`).then(
    () => "answered",
    () => "refused",
  );
  expect(refused).toBe("refused");
  const plain = await fetch(`http://127.0.0.1:${HTTP_PORT}/login`, { redirect: "manual" });
  expect(plain.status).toBe(301);
  expect(plain.headers.get("location")).toMatch(/^https:\/\/127\.0\.0\.1\/login$/);
});

test("through nginx: a user chooses a password from the invitation link, signs in and opens a page", async ({
  browser,
}) => {
  expect(invitation.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  const context = await browser.newContext({ baseURL: PUBLIC_URL, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(invitation);
    await page.getByLabel("New password").fill(SUPPORT.password);
    await page.getByLabel("Type it again").fill(SUPPORT.password);
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(page).toHaveURL(/\/login\?reason=password-set/);

    await page.getByLabel("Email").fill(SUPPORT.email);
    await page.getByLabel("Password").fill(SUPPORT.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("signed-in-user")).toContainText(SUPPORT.email);
    await page.goto("/invoices");
    await expect(page).toHaveURL(`${PUBLIC_URL}/invoices`);
    await expect(page).toHaveTitle(/Invoices/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sessionCookieNames(context)).toContain("__Secure-next-auth.session-token");
  } finally {
    await context.close();
  }
});

test("through nginx, the webhook receiver limits each client by the address nginx put in X-Forwarded-For (TRUST_PROXY=1)", async () => {
  // Every request reaches Paydesk from nginx (127.0.0.1); the clients connect to nginx from
  // addresses of their own. Unsigned bodies are kept 20 a minute per client address.
  const unsigned = JSON.stringify({ invoice_id: "inv_deploy", status: "paid", sign: "not-a-signature" });
  for (let i = 0; i < 20; i++) expect((await postWebhook("127.0.0.2", unsigned)).status).toBe(401);
  const limited = await postWebhook("127.0.0.2", unsigned);
  expect(limited.status).toBe(429);
  expect(limited.body).toContain("Too many unverified webhooks from this address.");
  // What the client writes in X-Forwarded-For itself is not its address: nginx appends the real one.
  expect((await postWebhook("127.0.0.2", unsigned, { "x-forwarded-for": "198.51.100.7" })).status).toBe(429);
  // Another client, through the same nginx, has its own allowance.
  expect((await postWebhook("127.0.0.3", unsigned)).status).toBe(401);
});

test("the unit runs the Node its NODE names, and a refused configuration exits 78, which the unit does not restart", () => {
  const unit = readUnitFile(readFileSync("deploy/paydesk.service", "utf8"));
  const node = unitEnvironment(unit).NODE ?? "";
  expect(node).toMatch(/^\/\S+\/node$/);
  expect(execStart(unit).slice(0, 2)).toEqual(["/usr/bin/env", node]);
  expect(serviceSetting(unit, "Restart")).toBe("on-failure");
  expect(serviceSetting(unit, "RestartPreventExitStatus")).toBe("78");
  // systemd's own reading of the unit (Debian 12's is 252), where it is installed: a variable as
  // ExecStart's first word, for one, is an error there ("Command ${NODE} is not executable").
  if (existsSync("/usr/bin/systemd-analyze")) {
    const verified = spawnSync("/usr/bin/systemd-analyze", ["verify", "--man=no", "deploy/paydesk.service"], {
      encoding: "utf8",
    });
    expect(`${verified.stdout}${verified.stderr}`).toBe("");
    expect(verified.status).toBe(0);
  }

  // The environment file with its keys left empty and NEXTAUTH_URL empty, as the operator had it.
  const refused = spawnSync(unitStart.command, unitStart.args, {
    cwd: unitStart.cwd,
    env: {
      ...unitStart.env,
      PORT: "0",
      PAYMENTS_INVOICE_KEY: "",
      PAYMENTS_WITHDRAWAL_KEY: "",
      NEXTAUTH_URL: "",
      NODE_ENV: "production", // what the bundle's server.js sets anyway
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(refused.status).toBe(78);
  const log = `${refused.stdout}${refused.stderr}`;
  for (const name of ["PAYMENTS_INVOICE_KEY", "PAYMENTS_WITHDRAWAL_KEY", "NEXTAUTH_URL"])
    expect(log).toContain(`${name}: is not set`);
  expect(log).not.toContain(unitStart.env.NEXTAUTH_SECRET);
});

test("nginx's access log has invitation and reset links without their token", async () => {
  const links = [invitation, resetLink];
  for (const link of links) expect(link).toMatch(/\/join\/[^/?]{20,}$/);
  // Opened as a mail client would, and as a page's own requests do (?_rsc=…).
  for (const link of links) {
    expect((await getThroughNginx(link)).status).toBe(200);
    expect((await getThroughNginx(`${link}?_rsc=deploy`)).status).toBe(200);
  }
  const log = readLog(path.join(dir, "nginx/access.log"));
  for (const link of links) expect(log).not.toContain(new URL(link).pathname.slice("/join/".length));
  expect(log.match(/"GET \/join\/<token> HTTP\/[\d.]+" 200 /g)?.length ?? 0).toBeGreaterThanOrEqual(4);
});

test("one request id in nginx's log and Paydesk's: nginx's $request_id, never the one a client sent", async () => {
  const forged = "forged-request-id-from-a-client";
  const probe = `/login?probe=${Date.now()}`;
  const answered = await getThroughNginx(`${PUBLIC_URL}${probe}`, { "x-request-id": forged });
  expect(answered.status).toBe(200);
  // nginx writes its log line once the response is out: the client may read it first.
  const lineOf = () =>
    readLog(path.join(dir, "nginx/access.log"))
      .split("\n")
      .find((entry) => entry.includes(`"GET ${probe} `));
  await expect.poll(lineOf).toBeTruthy();
  const line = lineOf();
  const nginxId = /request_id=([0-9a-f]{32})$/.exec(line ?? "")?.[1];
  expect(nginxId, `nginx's line for ${probe}: ${line}`).toBeTruthy();
  expect(answered.requestId).toBe(nginxId);
  await expect
    .poll(() =>
      serverLog
        .split("\n")
        .filter((entry) => entry.includes(`"reqId":"${nginxId}"`))
        .join("\n"),
    )
    .toContain('"route":"/login"');
  expect(serverLog).not.toContain(forged);
});

async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name);
}

function postWebhook(
  from: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${PUBLIC_URL}/api/webhooks/payments`,
      {
        method: "POST",
        localAddress: from,
        rejectUnauthorized: false,
        headers: { "content-type": "application/json", ...headers },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A password-reset link, made as an operator does when an admin is locked out (server stopped). */
function breakGlassLink(env: NodeJS.ProcessEnv): string {
  const email = "deploy-admin@example.com";
  const run = (script: string, args: string[]) =>
    spawnSync("npm", ["run", "--silent", script, "--", "--email", email, ...args], {
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
  const created = run("user:create", ["--role", "admin"]);
  if (created.status !== 0) throw new Error(`user:create failed: ${created.stdout}${created.stderr}`);
  const reset = run("user:break-glass", []);
  const link = /^https:\/\/\S+\/join\/\S+$/m.exec(reset.stdout)?.[0];
  if (reset.status !== 0 || !link) throw new Error(`user:break-glass failed: ${reset.stdout}${reset.stderr}`);
  return link;
}

function getThroughNginx(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; requestId: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { rejectUnauthorized: false, headers }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          requestId: String(response.headers["x-request-id"] ?? ""),
        }),
      );
    });
    request.on("error", reject);
  });
}

/** nginx with deploy/nginx.conf as the site, in a prefix of its own, as this user. */
function startNginx(prefix: string): ChildProcess {
  mkdirSync(prefix, { recursive: true });
  const key = path.join(prefix, "key.pem");
  const cert = path.join(prefix, "cert.pem");
  const made = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  const site = readFileSync("deploy/nginx.conf", "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${APP_PORT};`)
    .replaceAll(/listen (\[::\]:)?80;/g, `listen $1${HTTP_PORT};`)
    .replaceAll(/listen (\[::\]:)?443 /g, `listen $1${HTTPS_PORT} `)
    .replace("/etc/letsencrypt/live/paydesk.example.com/fullchain.pem", cert)
    .replace("/etc/letsencrypt/live/paydesk.example.com/privkey.pem", key)
    .replaceAll("/var/log/nginx/paydesk.access.log", path.join(prefix, "access.log"));
  writeFileSync(path.join(prefix, "paydesk.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${path.join(prefix, kind)};`)
    .join(" ");
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      // As root, nginx would hand its workers to `nobody`; the test's files are this user's.
      process.getuid?.() === 0 ? `user ${userInfo().username};` : "",
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${path.join(prefix, "error.log")};`,
      "events { worker_connections 256; }",
      `http { access_log ${path.join(prefix, "access.log")}; ${temp} include ${path.join(prefix, "paydesk.conf")}; }`,
    ].join("\n"),
  );
  return startGroup(
    NGINX,
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")],
    prefix,
    {
      PATH: process.env.PATH ?? "",
    },
  );
}

/** Its own process group, stopped whole afterwards (npm starts its command as a child). */
function startGroup(command: string, args: string[], cwd: string, env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Read, so that a full pipe never stops it; the server's is kept (serverLog).
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

async function waitFor(url: string, log: () => string = () => "", status = 200): Promise<void> {
  for (let i = 0; i < 480; i++) {
    const answered = await fetch(url, { redirect: "manual" }).then(
      (response) => response.status === status,
      () => false,
    );
    if (answered) return;
    // Every quarter second (two minutes at most): a start takes a few seconds, not whole ones.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer ${status}:\n${log()}`);
}

function readLog(file: string): string {
  return existsSync(file) ? readFileSync(file, "utf8") : "";
}
