// The command-line tools' one entry point: `node paydesk.cjs <command> [args]` in the finished
// bundle (lib/cli/finish-bundle.mjs builds it from this file), `npm run <command> -- [args]` in a
// checkout. Both read the environment the server reads (lib/env.ts).
import { COMMANDS, type Command } from "./commands";
import { commandLine } from "./command-line";
import { logToStderrForCommandLine } from "@/lib/log/logger";
import { EXIT_CONFIG, isConfigError } from "@/lib/start-mode/config-error";

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(usage());
    return;
  }
  const command: Command | undefined = Object.hasOwn(COMMANDS, name)
    ? COMMANDS[name as keyof typeof COMMANDS]
    : undefined;
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    process.exitCode = 2;
    return;
  }
  if (args.includes("--help") || args.includes("-h")) {
    console.log(`${commandLine(name)}: ${command.summary}`);
    return;
  }
  logToStderrForCommandLine();
  await (await command.load()).run(args);
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`,
  );
  return [`Usage: ${commandLine("<command>", "[options]")}`, "", "Commands:", ...lines].join("\n");
}

// What a command throws: its message, and 78 for a configuration it cannot run with (else 1).
main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = isConfigError(error) ? EXIT_CONFIG : 1;
});
