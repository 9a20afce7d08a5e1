import "server-only";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { currentRequestContext } from "./request-context";
import { withoutSecrets } from "./secret-values";
import { serializeError } from "./serialize-error";

/**
 * Paydesk's log: one JSON object per line on stdout (time, level, msg, context), or readable lines
 * with LOG_FORMAT=pretty (the default under `next dev`; `npm run demo` asks for it). LOG_LEVEL
 * chooses how much (info by default; debug adds each background round's outcome).
 *
 * Secrets never reach a line: fields named like secrets are censored, errors lose their data
 * (serialize-error.ts), and every finished line is scrubbed of the secret values this process
 * knows (secret-values.ts). Request bodies and URLs are never logged (a path can hold a link's
 * token); the access line names the route pattern instead.
 */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type { Logger };

const SECRET_FIELDS = [
  "password",
  "currentPassword",
  "newPassword",
  "secret",
  "totpSecret",
  "recoveryCodes",
  "token",
  "sessionToken",
  "apiKey",
  "key",
  "invoiceKey",
  "withdrawalKey",
  "authorization",
  "cookie",
  "params",
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]);

const globalKey = Symbol.for("paydesk.logger");
type GlobalWithLogger = typeof globalThis & { [globalKey]?: Logger };

/** The process's logger (one per process, whichever module graph asks first). */
export function logger(): Logger {
  const store = globalThis as GlobalWithLogger;
  store[globalKey] ??= createLogger(process.env);
  return store[globalKey];
}

/**
 * For the command-line tools (lib/cli/paydesk.ts): the log goes to stderr, readable unless
 * LOG_FORMAT=json, so stdout holds the command's own answer for a person or a script to read.
 */
export function logToStderrForCommandLine(env: Record<string, string | undefined> = process.env): void {
  const readable = (env.LOG_FORMAT ?? "pretty") === "pretty";
  const stderr = readable
    ? pretty({
        sync: true,
        destination: 2,
        colorize: process.stderr.isTTY,
        singleLine: true,
        ignore: "pid",
        translateTime: "SYS:HH:MM:ss.l",
      })
    : pino.destination({ fd: 2, sync: true });
  (globalThis as GlobalWithLogger)[globalKey] = createLogger(env, stderr);
}

export function createLogger(
  env: Record<string, string | undefined>,
  destination?: pino.DestinationStream,
): Logger {
  const level = LOG_LEVELS.find((known) => known === env.LOG_LEVEL) ?? "info";
  const readable = (env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json")) === "pretty";
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin(fields: object) {
        const context = currentRequestContext();
        return context && !("reqId" in fields) ? { reqId: context.requestId } : {};
      },
      hooks: { streamWrite: withoutSecrets },
    },
    destination ??
      (readable
        ? pretty({
            sync: true,
            colorize: process.stdout.isTTY,
            singleLine: true,
            ignore: "pid",
            translateTime: "SYS:HH:MM:ss.l",
          })
        : pino.destination({ fd: 1, sync: true })),
  );
}
