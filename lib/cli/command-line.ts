/**
 * How the operator runs a command where they are, for usage lines and hints: from the finished
 * bundle (paydesk.cjs, built by lib/cli/finish-bundle.mjs) or from a checkout (npm run).
 */
export function commandLine(command: string, args = ""): string {
  const inBundle = /\.cjs$/.test(process.argv[1] ?? "");
  const line = inBundle ? `node paydesk.cjs ${command}` : `npm run ${command}${args ? " --" : ""}`;
  return args ? `${line} ${args}` : line;
}
