import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What the container test needs from podman and the host, none of which reaches an image registry:
 * a Node base image made here, the Dockerfile built on it, and its file system run as a container
 * runtime would run it (read-only root, a volume, a tmpfs), under chroot, since `podman run` cannot
 * run here (crun cannot set rlimits).
 */
export const PODMAN = "/usr/bin/podman";

export function sh(command: string, args: string[], options: { input?: string } = {}): string {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 300_000, ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * A stand-in for docker.io/library/node:*-bookworm-slim: this machine's node at /usr/local/bin/node,
 * with the files of Debian's packages the slim image's Node runs on (libc6, libgcc-s1, libstdc++6),
 * and the directories a container runtime mounts over. No shell, no package manager: a Dockerfile
 * stage that needs RUN cannot be built on it.
 */
export function importNodeBase(dir: string, tag: string): void {
  const root = path.join(dir, "rootfs");
  for (const empty of ["proc", "dev", "sys", "etc", "var/lib", "usr/local/bin"])
    mkdirSync(path.join(root, empty), { recursive: true });
  mkdirSync(path.join(root, "tmp"), { recursive: true });
  chmodSync(path.join(root, "tmp"), 0o1777);
  copyFileSync(process.execPath, path.join(root, "usr/local/bin/node"));
  chmodSync(path.join(root, "usr/local/bin/node"), 0o755);
  const files = sh("dpkg", ["-L", "libc6", "libgcc-s1", "libstdc++6"])
    .split("\n")
    .filter((file) => file.startsWith("/") && existsSync(file) && statSync(file).isFile());
  // With their symbolic links as links (tar keeps them), under the same paths.
  sh("tar", ["-cf", path.join(dir, "libs.tar"), "--files-from=-"], { input: files.join("\n") });
  sh("tar", ["-xf", path.join(dir, "libs.tar"), "-C", root]);
  sh("tar", ["-C", root, "-cf", path.join(dir, "base.tar"), "."]);
  sh(PODMAN, [
    "import",
    "--quiet",
    "--change",
    "ENV PATH=/usr/local/bin:/usr/bin:/bin",
    path.join(dir, "base.tar"),
    tag,
  ]);
}

export interface ImageConfig {
  User?: string;
  Env?: string[];
  Entrypoint?: string[];
  Cmd?: string[] | null;
  WorkingDir?: string;
  ExposedPorts?: Record<string, unknown>;
  Volumes?: Record<string, unknown>;
  Healthcheck?: {
    Test?: string[];
    Interval?: number;
    Timeout?: number;
    StartPeriod?: number;
    Retries?: number;
  };
}

export function imageConfig(tag: string): ImageConfig {
  const [inspected] = JSON.parse(sh(PODMAN, ["image", "inspect", tag])) as Array<{
    Config: ImageConfig;
    Healthcheck?: ImageConfig["Healthcheck"];
  }>;
  if (!inspected) throw new Error(`podman image inspect ${tag}: nothing`);
  // podman shows the health check beside the configuration, not in it.
  return { ...inspected.Config, Healthcheck: inspected.Config.Healthcheck ?? inspected.Healthcheck };
}

/**
 * The image's file system mounted as a container's root: read-only, with /proc, /dev, a tmpfs at
 * /tmp and `volume` at `volumePath`. `release()` takes it all down again.
 */
export function mountContainerRoot(
  tag: string,
  root: string,
  volume: { host: string; path: string },
): { release(): void } {
  const image = sh(PODMAN, ["image", "mount", tag]).trim();
  const mounted: string[] = [];
  const mount = (args: string[], target: string) => {
    sh("mount", [...args, target]);
    mounted.push(target);
  };
  try {
    mkdirSync(root, { recursive: true });
    mount(["--bind", image], root);
    sh("mount", ["-o", "remount,bind,ro", root]);
    mount(["-t", "proc", "proc"], path.join(root, "proc"));
    mount(["--rbind", "/dev"], path.join(root, "dev"));
    mount(["-t", "tmpfs", "-o", "mode=1777", "tmpfs"], path.join(root, "tmp"));
    mount(["--bind", volume.host], path.join(root, volume.path));
  } catch (error) {
    release();
    throw error;
  }
  function release() {
    for (const target of mounted.reverse()) spawnSync("umount", ["-R", "-l", target]);
    spawnSync(PODMAN, ["image", "unmount", tag]);
  }
  return { release };
}

/**
 * `command` run inside `root` as the image runs its entry point: its user, working directory and
 * environment (plus `env`), through util-linux's unshare (chroot, chdir, setgid, setuid, exec).
 */
export function inContainer(
  root: string,
  config: ImageConfig,
  command: string[],
  env: Record<string, string>,
): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
  const [uid = "", gid = uid] = (config.User ?? "").split(":");
  const imageEnv = Object.fromEntries(
    (config.Env ?? []).map((pair) => [pair.split("=")[0], pair.slice(pair.indexOf("=") + 1)]),
  );
  return {
    file: "/usr/bin/unshare",
    args: [
      `--root=${root}`,
      `--wd=${config.WorkingDir || "/"}`,
      `--setgid=${gid}`,
      `--setuid=${uid}`,
      ...command,
    ],
    env: { ...imageEnv, ...env } as NodeJS.ProcessEnv,
  };
}

export function startInContainer(how: ReturnType<typeof inContainer>): ChildProcess {
  const child = spawn(how.file, how.args, {
    env: how.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return child;
}
