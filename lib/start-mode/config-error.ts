/** EX_CONFIG (sysexits.h): the exit status of a start refused for its configuration. */
export const EXIT_CONFIG = 78;

/**
 * A configuration Paydesk refuses: every problem found, one a line, each naming its variable and
 * never its value. A supervisor told the exit status EXIT_CONFIG stops restarting (a restart
 * cannot fix it; see deploy/paydesk.service RestartPreventExitStatus).
 */
export class ConfigError extends Error {
  override name = "ConfigError";

  constructor(readonly problems: readonly string[]) {
    super(`the configuration is invalid:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  }
}

/** Also across Next.js's module graphs, where the same class may be loaded twice. */
export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof Error && error.name === "ConfigError" && "problems" in error;
}
