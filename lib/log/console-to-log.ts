import "server-only";
import { format } from "node:util";
import { logger } from "./logger";
import { reportError } from "./report-error";
import { withoutParams } from "./serialize-error";

/**
 * Lines written with console.* (by Next.js itself, libraries and the embedded sandbox) become log
 * lines too, so stdout stays one JSON object per line with the same redaction. console.error goes
 * through reportError: a page failing the same way on every request during an outage is logged
 * once with its stack, then counted.
 */
export function routeConsoleToLog(): void {
  const marker = Symbol.for("paydesk.consoleRouted");
  const store = globalThis as typeof globalThis & { [marker]?: true };
  if (store[marker]) return;
  store[marker] = true;
  const log = logger().child({ from: "console" });
  const write =
    (level: "debug" | "info" | "warn") =>
    (...args: unknown[]) => {
      const { message, error } = split(args);
      if (error) log[level]({ err: error }, message);
      else log[level](message);
    };
  console.debug = write("debug");
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = (...args: unknown[]) => {
    const { message, error } = split(args);
    reportError("console", message, error ?? message);
  };
}

/** The text of the arguments (errors by their first line only) and the first error among them. */
function split(args: unknown[]): { message: string; error?: Error } {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const text = args.map((arg) =>
    arg instanceof Error ? `${arg.name}: ${arg.message.split("\n", 1)[0]}` : arg,
  );
  return { message: withoutParams(format(...text)), error };
}
