import { basename } from "node:path";

/**
 * The address this server listens on, for demo mode's checks (lib/env.ts). `next start` runs
 * Paydesk in its own process, so its `-H` is in process.argv, and HOST (which Next.js ignores) is
 * not trusted over it; without `-H` it listens on every interface (undefined here). Any other way
 * of running it (`next dev`, whose worker never sees the flags) declares the address in HOST.
 */
export function serverBindAddress(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): string | undefined {
  const isNextStart = basename(argv[1] ?? "") === "next" && argv[2] === "start";
  if (!isNextStart) return env.HOST || undefined;
  const options = argv.slice(3);
  for (const [index, option] of options.entries()) {
    if (option === "-H" || option === "--hostname") return options[index + 1];
    if (option.startsWith("--hostname=")) return option.slice("--hostname=".length);
    if (option.startsWith("-H")) return option.slice(2);
  }
  return undefined;
}
