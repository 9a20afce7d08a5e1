import { spawnSync, type ChildProcess } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { parse } from "yaml";
import {
  PODMAN,
  imageConfig,
  importNodeBase,
  inContainer,
  mountContainerRoot,
  sh,
  startInContainer,
  type ImageConfig,
} from "./support/container-image";
import { freePort } from "./support/production-server";

/**
 * The Dockerfile, built with podman on a Node base made on this machine (no registry reachable),
 * as its `prebuilt` target: the runtime stage with the bundle this run built (the `build` stage,
 * which compiles from source, is not built here), then what the image holds run as a container
 * runtime would run it: its entry point, user, working directory and environment, a read-only
 * root, the data volume and a tmpfs, under chroot (`podman run` cannot run here), on PGlite in the
 * volume and the embedded sandbox, until /api/ready answers 200.
 */
const AS_ROOT = process.getuid?.() === 0;
test.skip(
  (!existsSync(PODMAN) || !AS_ROOT) && process.env.CI !== "true",
  "podman is not installed, or not root (apt-get install podman; npm test installs it when run as root)",
);
test.describe.configure({ mode: "serial", timeout: 240_000 });

const RUN = `${process.pid}`;
const BASE = `localhost/paydesk-e2e-node-base:${RUN}`;
const IMAGE = `localhost/paydesk-e2e:${RUN}`;
const ADMIN = "container-admin@example.com";

let dir = "";
let config: ImageConfig = {};
let root = "";
let volume = "";
let release = () => {};
let server: ChildProcess | undefined;
let serverLog = "";

test.beforeAll(() => {
  test.setTimeout(240_000);
  if (!existsSync(".next/standalone/start.cjs")) throw new Error("no finished bundle: run `npm run build`");
  dir = mkdtempSync(path.join(tmpdir(), "paydesk-container-"));
  importNodeBase(dir, BASE);
  sh(PODMAN, [
    "build",
    "--isolation=chroot",
    "--format=docker",
    "--quiet",
    `--build-arg=NODE_IMAGE=${BASE}`,
    "--target=prebuilt",
    `--tag=${IMAGE}`,
    ".",
  ]);
  config = imageConfig(IMAGE);
  root = path.join(dir, "root");
  volume = path.join(dir, "volume");
  mkdirSync(volume);
  const [uid = "0", gid = uid] = (config.User ?? "").split(":");
  chownSync(volume, Number(uid), Number(gid)); // as a named volume takes the image's owner
  release = mountContainerRoot(IMAGE, root, { host: volume, path: "var/lib/paydesk" }).release;
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGKILL");
  release();
  spawnSync(PODMAN, ["rmi", "--force", IMAGE, BASE], { encoding: "utf8" });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the image runs as a numeric user that is not root, exposes 3000, checks /api/ready with node, keeps data in a volume", () => {
  expect(config.User).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  expect(config.Entrypoint).toEqual(["node", "/app/start.cjs"]);
  expect(Object.keys(config.ExposedPorts ?? {})).toEqual(["3000/tcp"]);
  expect(Object.keys(config.Volumes ?? {})).toEqual(["/var/lib/paydesk"]);
  expect(config.Env).toEqual(
    expect.arrayContaining(["HOST=0.0.0.0", "PAYDESK_DATA_DIR=/var/lib/paydesk/data"]),
  );
  expect(config.Healthcheck?.Test?.slice(0, 3)).toEqual(["CMD", "node", "-e"]);
  expect(config.Healthcheck?.Test?.[3]).toContain("/api/ready");
  // The bundle is root's, which the server's user cannot change; the volume is the user's.
  const [uid] = (config.User ?? "").split(":");
  expect(statSync(path.join(root, "app/start.cjs")).uid).toBe(0);
  expect(statSync(path.join(root, "app")).mode & 0o022).toBe(0);
  expect(String(statSync(volume).uid)).toBe(uid);
  expect(readdirSync(path.join(root, "app")).filter((name) => name.startsWith(".env"))).toEqual([]);
});

test("from the image, read-only but for the volume and /tmp: the tools create a user, the entry point serves /api/ready, the health check passes", async () => {
  const port = await freePort();
  const env = {
    PORT: String(port),
    PAYDESK_SANDBOX: "embedded",
    NEXTAUTH_SECRET: "container-e2e-secret-0123456789abcdef",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  };

  const tool = inContainer(
    root,
    config,
    ["node", "/app/paydesk.cjs", "user:create", "--email", ADMIN, "--role", "admin"],
    env,
  );
  const created = spawnSync(tool.file, tool.args, { env: tool.env, encoding: "utf8", timeout: 90_000 });
  expect(created.status, `${created.stdout}${created.stderr}`).toBe(0);
  expect(created.stdout).toContain(`Created admin ${ADMIN}, with no password yet.`);

  server = startInContainer(inContainer(root, config, config.Entrypoint ?? [], env));
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 120_000, intervals: [1_000], message: `/api/ready did not answer 200:\n${serverLog}` },
    )
    .toBe(200);
  // PGlite's files are in the volume: the read-only root took nothing.
  expect(readdirSync(path.join(volume, "data"))).toContain("PG_VERSION");

  // The health check's own command (["CMD", "node", "-e", …]), inside the running container.
  const [, ...healthCommand] = config.Healthcheck?.Test ?? [];
  const check = inContainer(root, config, healthCommand, env);
  const healthy = spawnSync(check.file, check.args, { env: check.env, encoding: "utf8", timeout: 30_000 });
  expect(healthy.status, healthy.stderr).toBe(0);
  expect(serverLog).not.toMatch(/EROFS|read-only file system/i);
});

test("compose.yaml runs this image as built: read-only with a tmpfs, its volume, port and health check; PostgreSQL 16 on a named volume; the proxy only in a profile", () => {
  type Service = Record<string, unknown> & { environment?: Record<string, string>; profiles?: string[] };
  const compose = parse(readFileSync("compose.yaml", "utf8")) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const { paydesk, postgres, proxy } = compose.services;
  expect(paydesk).toMatchObject({ build: ".", env_file: "paydesk.env", read_only: true, tmpfs: ["/tmp"] });
  const volumeTargets = (paydesk?.volumes as string[]).map((volume) => volume.split(":")[1]);
  expect(volumeTargets).toEqual(Object.keys(config.Volumes ?? {}));
  expect(paydesk?.ports).toEqual([
    `127.0.0.1:3000:${Object.keys(config.ExposedPorts ?? {})[0]?.split("/")[0]}`,
  ]);
  expect((paydesk?.healthcheck as { test: string[] }).test).toEqual(config.Healthcheck?.Test);
  // What a host install's env file says is overridden for the container: every interface, the database service.
  expect(paydesk?.environment).toMatchObject({ HOST: "0.0.0.0", PAYDESK_DATA_DIR: "/var/lib/paydesk/data" });
  expect(paydesk?.environment?.DATABASE_URL).toMatch(/@postgres:5432\/paydesk$/);
  expect(paydesk?.depends_on).toEqual({ postgres: { condition: "service_healthy" } });

  expect(postgres?.image).toMatch(/^docker\.io\/library\/postgres:16[.-]/);
  expect(postgres?.volumes).toEqual(["postgres:/var/lib/postgresql/data"]);
  expect(postgres?.healthcheck).toBeDefined();
  expect(Object.keys(compose.volumes).sort()).toEqual(["paydesk-data", "postgres"]);
  expect(proxy?.profiles).toEqual(["proxy"]);
  expect(
    Object.entries(compose.services)
      .filter(([, service]) => !service.profiles)
      .map(([name]) => name),
  ).toEqual(["postgres", "paydesk"]);
});
