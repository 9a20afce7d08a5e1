#!/usr/bin/env node
// `npm run release [-- --fresh] [-- --out <dir>]`: builds the bundle (`npm run build`; --fresh
// packs the one already built), then writes <dir>/paydesk-<version>.tar.gz, whose one top
// directory paydesk-<version>/ is the finished bundle (start.cjs, paydesk.cjs, …) with deploy/,
// README.md and CHANGELOG.md beside it, and <dir>/paydesk-<version>.tar.gz.sha256, which
// `sha256sum -c` checks. The version is package.json's; it says when the commit lacks the tag v<version>.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { bundleProblems, RELEASE_EXTRAS } from "./release-contents.mjs";

const root = process.cwd();
const { values } = parseArgs({ options: { fresh: { type: "boolean" }, out: { type: "string" } } });
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const bundle = join(root, ".next", "standalone");
const out = resolve(root, values.out ?? "dist");
const name = `paydesk-${version}`;

if (!values.fresh) run("npm", ["run", "--silent", "build"], root);
const problems = bundleProblems(bundle, version);
if (problems.length > 0) {
  console.error(`release: refusing to pack ${bundle}:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  process.exit(1);
}

mkdirSync(out, { recursive: true });
const archive = join(out, `${name}.tar.gz`);
const packed = pack(join(out, name));
writeFileSync(archive, packed);
const digest = createHash("sha256").update(packed).digest("hex");
writeFileSync(`${archive}.sha256`, `${digest}  ${basename(archive)}\n`);
console.log(`release: ${archive} (${(packed.length / 1024 ** 2).toFixed(1)} MB), sha256 ${digest}`);
console.log(`release: check it with \`cd ${out} && sha256sum -c ${basename(archive)}.sha256\``);
const tags = git(["tag", "--points-at", "HEAD"]).split("\n");
if (!tags.includes(`v${version}`))
  console.log(`release: tag the commit it was built from: git tag -a v${version} -m "Paydesk ${version}"`);
if (git(["status", "--porcelain", "--untracked-files=no"]))
  console.log("release: note: the working tree has uncommitted changes, which the archive may hold");

/** The bundle and the extras copied into `staging`, packed as its one top directory (the staging removed after). */
function pack(staging) {
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(bundle, staging, { recursive: true });
    for (const extra of RELEASE_EXTRAS) {
      if (existsSync(join(root, extra))) cpSync(join(root, extra), join(staging, extra), { recursive: true });
    }
    // The same files give the same archive: names sorted, owners and times fixed (the commit's time).
    const tar = spawnSync(
      "tar",
      [
        "--sort=name",
        "--owner=0",
        "--group=0",
        "--numeric-owner",
        `--mtime=@${commitTime()}`,
        "-C",
        out,
        "-cf",
        "-",
        name,
      ],
      { maxBuffer: 1024 ** 3 },
    );
    if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
    const gzip = spawnSync("gzip", ["-n"], { input: tar.stdout, maxBuffer: 1024 ** 3 });
    if (gzip.status !== 0) throw new Error(`gzip: ${gzip.stderr}`);
    return gzip.stdout;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function commitTime() {
  return git(["log", "-1", "--format=%ct"]) || "0";
}

/** git's answer, trimmed; "" outside a git checkout. */
function git(args) {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "";
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} failed`);
}

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}
