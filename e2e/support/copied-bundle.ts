import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readEnvironmentFile } from "./systemd-unit";

/**
 * The finished bundle (`npm run build`) copied away from the repository, as an operator copies it:
 * no node_modules, sources or package.json of the checkout around it.
 */
export function copyBundle(prefix: string): { dir: string; bundle: string } {
  if (!existsSync(".next/standalone/paydesk.cjs")) throw new Error("no finished bundle: run `npm run build`");
  const dir = mkdtempSync(path.join(tmpdir(), `paydesk-${prefix}-`));
  const bundle = path.join(dir, "opt/paydesk");
  cpSync(".next/standalone", bundle, { recursive: true });
  return { dir, bundle };
}

/** deploy/paydesk.env.example with `choices` in place of its values, written where systemd reads it from. */
export function writeEnvironmentFile(file: string, choices: Record<string, string>): void {
  const variables = readEnvironmentFile(readFileSync("deploy/paydesk.env.example", "utf8"), choices);
  writeFileSync(
    file,
    Object.entries(variables)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(""),
  );
}

/**
 * `node --env-file=<file> <bundle>/paydesk.cjs <args>`, as the README tells an operator to run the
 * tools, from `cwd`, with nothing of this process's environment but PATH.
 */
export function runTool(
  bundle: string,
  envFile: string,
  args: string[],
  cwd: string,
): SpawnSyncReturns<string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
  return spawnSync(process.execPath, [`--env-file=${envFile}`, path.join(bundle, "paydesk.cjs"), ...args], {
    cwd,
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 60_000,
  });
}
