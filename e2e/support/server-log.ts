import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Secret } from "./secrets";
import { ROOT_DIR } from "./app-tree";

/**
 * What the servers under test logged, and the secrets the specs came to know along the way
 * (passwords people chose, invitation links, TOTP secrets, recovery codes, session cookies), so
 * e2e/server-log.spec.ts can check, after every other spec, that none of them reached a log line.
 * Both live in the run's data directory (playwright.config.ts): servers log there through
 * test-support/runner/log-to-files.sh.
 */
export function runDir(): string {
  return path.join(ROOT_DIR, "data/e2e", process.env.E2E_RUN_ID ?? "unknown-run");
}

const SEEN = () => path.join(runDir(), "secrets-seen.jsonl");

export function rememberSecret(name: string, value: string): void {
  if (value.length < 6) return;
  mkdirSync(runDir(), { recursive: true });
  appendFileSync(SEEN(), `${JSON.stringify({ name, value })}\n`);
}

export function rememberedSecrets(): Secret[] {
  if (!existsSync(SEEN())) return [];
  return readFileSync(SEEN(), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Secret);
}

/** Every log file a server of this run wrote: { file: its name, text }. */
export function serverLogs(): Array<{ file: string; text: string }> {
  if (!existsSync(runDir())) return [];
  return readdirSync(runDir())
    .filter((name) => name.endsWith(".log"))
    .map((name) => ({ file: name, text: readFileSync(path.join(runDir(), name), "utf8") }));
}

/** Next.js's own lines as it starts ("▲ Next.js 16", "- Local: …", "✓ Ready in …"), printed before Paydesk's log exists. */
const NEXT_BANNER = /^(▲|-|✓|⚠) /;
const COLOUR_CODES = /\u001b\[[\d;]*m/g;
const isNextBanner = (line: string) => NEXT_BANNER.test(line.replace(COLOUR_CODES, ""));

/** The main server's stdout (every start of it in this run), as JSON records, and the lines that are not JSON. */
export function mainServerRecords(): { records: Array<Record<string, unknown>>; notJson: string[] } {
  const text = readFileSync(path.join(runDir(), "server.stdout.log"), "utf8");
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const records: Array<Record<string, unknown>> = [];
  const notJson: string[] = [];
  for (const line of lines.filter((text) => !isNextBanner(text))) {
    try {
      records.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      notJson.push(line);
    }
  }
  return { records, notJson };
}
